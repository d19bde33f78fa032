import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/i18n/format';
import { paths } from '@/config/paths';
import {
  useAcceptFamilyInvitationMutation,
  useCancelFamilyInvitationMutation,
  useDeclineFamilyInvitationMutation,
  useGetReceivedFamilyInvitationsQuery,
  useRefreshFamilyFlags,
  type FamilyInvitation,
} from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyError } from './error-alert';
import styles from './family.module.css';

/** The admin's invitations, newest first; pending ones can be cancelled. */
export function SentInvitations({ invitations }: { invitations: FamilyInvitation[] }) {
  const { t, i18n } = useFamilyTranslation();
  const [cancel, state] = useCancelFamilyInvitationMutation();
  return (
    <section className={styles.section} aria-labelledby="family-sent-heading">
      <h2 id="family-sent-heading" className={styles.heading}>
        {t('family:pending_heading')}
      </h2>
      {invitations.length === 0 ? <p className={styles.text}>{t('family:no_invitations')}</p> : null}
      <ul className={styles.list} data-testid="family-invitations">
        {invitations.map((inv) => (
          <li key={inv.id} className={styles.item}>
            <div className={styles.itemMain}>
              <span dir="ltr">{inv.contactMask}</span>
              <span className={styles.meta}>
                {t(`family:status_${inv.status}`)} · {t('family:expires', { date: formatDateTime(inv.expiresAt, i18n.language) })}
              </span>
            </div>
            {inv.status === 'PENDING' ? (
              <Button variant="secondary" size="sm" onClick={() => void cancel(inv.id)} aria-label={`${t('family:cancel_invitation')} ${inv.contactMask}`}>
                {t('family:cancel_invitation')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <FamilyError error={state.error} onClose={state.reset} />
    </section>
  );
}

/** Invitations sent to the caller's proven e-mail or phone: accept (then the details page) or decline. */
export function ReceivedInvitations() {
  const { t, i18n } = useFamilyTranslation();
  const navigate = useNavigate();
  const received = useGetReceivedFamilyInvitationsQuery();
  const refreshFlags = useRefreshFamilyFlags();
  const [accept, acceptState] = useAcceptFamilyInvitationMutation();
  const [decline, declineState] = useDeclineFamilyInvitationMutation();
  const items = received.data ?? [];
  return (
    <section className={styles.section} aria-labelledby="family-received-heading">
      <h2 id="family-received-heading" className={styles.heading}>
        {t('family:received_heading')}
      </h2>
      {received.isSuccess && items.length === 0 ? <p className={styles.text}>{t('family:no_received')}</p> : null}
      <ul className={styles.list} data-testid="family-received">
        {items.map((inv) => (
          <li key={inv.id} className={styles.item}>
            <div className={styles.itemMain}>
              <span>{t('family:invited_by', { name: inv.familyAdminName })}</span>
              <span className={styles.meta}>{t('family:expires', { date: formatDateTime(inv.expiresAt, i18n.language) })}</span>
            </div>
            <div className={styles.actions}>
              <Button
                size="sm"
                loading={acceptState.isLoading}
                onClick={async () => {
                  try {
                    await accept(inv.id).unwrap();
                    await refreshFlags();
                    void navigate(paths.familyShareDetails);
                  } catch {
                    // Shown below.
                  }
                }}
              >
                {t('family:accept')}
              </Button>
              <Button size="sm" variant="secondary" loading={declineState.isLoading} onClick={() => void decline(inv.id)}>
                {t('family:decline')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <FamilyError error={acceptState.error ?? declineState.error} onClose={() => (acceptState.reset(), declineState.reset())} />
    </section>
  );
}
