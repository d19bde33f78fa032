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
          {/* The panel is narrow: a cut name or e-mail shows in full on hover (and in full in the account card). */}
          <span className={styles.summaryName} title={name}>
            {name}
          </span>
          {secondary ? (
            <span className={styles.summaryEmail} title={secondary} data-testid="account-summary-email">
              {secondary}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
