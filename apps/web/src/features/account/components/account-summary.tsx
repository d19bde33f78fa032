import { useGetAccountInfoQuery } from '@/api/account';
import { displayName } from '../display-name';
import { AccountAvatar } from './account-avatar';
import styles from './account.module.css';

/** Photo, name and e-mail for the side menu; compact shows the photo only. */
export function AccountSummary({ compact = false }: { compact?: boolean }) {
  const { data: info } = useGetAccountInfoQuery();
  const name = displayName(info);
  const secondary = info?.email && info.email !== name ? info.email : null;
  return (
    <div className={`${styles.summary} ${compact ? styles.summaryCompact : ''}`} data-testid="account-summary">
      <AccountAvatar info={info} size={compact ? 36 : 44} />
      {!compact ? (
        <div className={styles.summaryText}>
          <span className={styles.summaryName}>{name}</span>
          {secondary ? <span className={styles.summaryEmail}>{secondary}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
