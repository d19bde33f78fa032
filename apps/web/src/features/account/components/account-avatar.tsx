import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '@/api/account';
import { initials } from '@/lib/format';
import { isSafeUrl } from '@/lib/safe-url';
import styles from './account.module.css';

/** The user's photo, or initials on a brand gradient. */
export function AccountAvatar({ info, size = 36 }: { info: AccountInfo | undefined; size?: number }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const photo = info?.url && isSafeUrl(info.url) && !broken ? info.url : null;
  const sizeStyle = { inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.4) };
  if (photo) {
    return (
      <img
        className={styles.avatar}
        src={photo}
        alt={t('account:avatar_alt')}
        style={sizeStyle}
        onError={() => setBroken(true)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} style={sizeStyle} aria-hidden="true">
      {initials(info?.name, info?.surname, info?.email)}
    </span>
  );
}
