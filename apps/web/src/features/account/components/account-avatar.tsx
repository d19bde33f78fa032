import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '@/api/account';
import { initials } from '@/i18n/format';
import { isSafeUrl } from '@/lib/safe-url';
import styles from './account.module.css';

/**
 * The user's photo, or initials on a brand gradient. `inControl`: it sits in a control named by its text, so the
 * photo adds nothing to the name and the initials, part of what the control visibly says, are read (WCAG 2.5.3).
 */
export function AccountAvatar({ info, size = 36, inControl = false }: { info: AccountInfo | undefined; size?: number; inControl?: boolean }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const photo = info?.url && isSafeUrl(info.url) && !broken ? info.url : null;
  const sizeStyle = { inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.4) };
  if (photo) {
    return (
      <img
        className={styles.avatar}
        src={photo}
        alt={inControl ? '' : t('account:avatar_alt')}
        style={sizeStyle}
        onError={() => setBroken(true)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} style={sizeStyle} aria-hidden={inControl ? undefined : true}>
      {initials(info?.name, info?.surname, info?.email)}
    </span>
  );
}
