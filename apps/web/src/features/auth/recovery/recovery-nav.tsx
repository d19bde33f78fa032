import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { childLink, useAuthLinks } from '../auth-links.public';
import { recoveryVerified, secondFactorOffered, type RecoveryFlow } from '../auth-slice';
import { useRecoveryTranslation } from '../use-recovery-translation';
import type { RecoveryStatus } from './recovery-api';
import styles from '../components/auth-card.module.css';

/** The step routes of spec 000 §2, per flow: v1 one method, v2 a choice, v3 two factors. */
export const RECOVERY_STEPS = {
  methods: (flow: RecoveryFlow) => `availablemethods_${flow}`,
  sms: (flow: RecoveryFlow) => (flow === 'v1' ? 'smsotp' : flow === 'v2' ? 'smsotp2' : 'smsotp3'),
  question: (flow: RecoveryFlow) => (flow === 'v3' ? 'securityquestion_v3' : 'securityquestion'),
  change: () => 'changepassword',
} as const;

/**
 * Paths of the recovery steps under wherever recovery started: /auth/forgotmypassword/… or, inside a shared link,
 * /sharedFiles/forgotmypassword/…?token=… (the link's token kept, as its sign-in screens do).
 */
export function useRecoveryPath() {
  const { forgotPassword } = useAuthLinks();
  return useCallback((step = '') => childLink(forgotPassword, step), [forgotPassword]);
}

/**
 * What a verified code, answer or link leads to: the new password once every factor is done, the choice of the
 * second factor when one more is needed (v3). Returns false when the status says neither (pending or expired).
 */
export function useFollowRecoveryStatus() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const recoveryPath = useRecoveryPath();
  return useCallback(
    (status: RecoveryStatus): boolean => {
      if (status.status === 'VERIFIED') {
        dispatch(recoveryVerified(status.referenceToken));
        navigate(recoveryPath(RECOVERY_STEPS.change()), { replace: true });
        return true;
      }
      if (status.status === 'SECOND_FACTOR_REQUIRED') {
        dispatch(
          secondFactorOffered({
            referenceToken: status.referenceToken,
            list: status.remainingMethods,
            factorsVerified: status.factorsVerified,
            factorsRequired: status.factorsRequired,
          }),
        );
        navigate(recoveryPath(RECOVERY_STEPS.methods('v3')), { replace: true });
        return true;
      }
      return false;
    },
    [dispatch, navigate, recoveryPath],
  );
}

/** A step opened without the recovery it belongs to (a reload, an old tab): say so and offer a new start. */
export function RecoveryRestart({ messageKey = 'recovery:step_missing' }: { messageKey?: 'recovery:step_missing' | 'recovery:error_recovery_expired' }) {
  const { t } = useRecoveryTranslation();
  const recoveryPath = useRecoveryPath();
  const { login } = useAuthLinks();
  return (
    <section className={styles.card} aria-labelledby="recovery-restart-title" data-testid="recovery-restart">
      <header className={styles.header}>
        <h1 id="recovery-restart-title" className={styles.title}>
          {t('recovery:title')}
        </h1>
        <p className={styles.subtitle}>{t(messageKey)}</p>
      </header>
      <div className={styles.form}>
        <Link to={recoveryPath()}>{t('recovery:start_again')}</Link>
      </div>
      <p className={styles.footer}>
        <Link to={login}>{t('recovery:back_to_sign_in')}</Link>
      </p>
    </section>
  );
}

/** The card frame every recovery step shares: title, subtitle, content, and the way back to sign-in. */
export function RecoveryCard({ id, title, subtitle, children, testId }: { id: string; title: string; subtitle?: React.ReactNode; children: React.ReactNode; testId?: string }) {
  const { t } = useRecoveryTranslation();
  const { login } = useAuthLinks();
  return (
    <section className={styles.card} aria-labelledby={id} data-testid={testId}>
      <header className={styles.header}>
        <h1 id={id} className={styles.title}>
          {title}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </header>
      {children}
      <p className={styles.footer}>
        <Link to={login}>{t('recovery:back_to_sign_in')}</Link>
      </p>
    </section>
  );
}
