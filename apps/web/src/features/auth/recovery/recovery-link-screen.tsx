import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/loader';
import type { RecoveryFlow } from '../auth-slice';
import { useRecoveryTranslation } from '../use-recovery-translation';
import { useForgotMyPasswordVerifyV2Mutation, useForgotMyPasswordVerifyV3Mutation, type RecoveryStatus } from './recovery-api';
import { RecoveryCard, RecoveryRestart, useFollowRecoveryStatus } from './recovery-nav';

type LinkState = { kind: 'checking' } | { kind: 'expired' } | { kind: 'continue-elsewhere' };

/**
 * /changemypasswordv1|v2|v3/{referenceToken}/{id}: the e-mailed link. It is checked once (links are single use); when
 * it completes the recovery the new password is set here, whatever device this is. When a second factor is still
 * needed (v3), that factor is given where the recovery started: that screen has moved on by itself.
 */
export function RecoveryLinkScreen({ flow }: { flow: RecoveryFlow }) {
  const { t } = useRecoveryTranslation();
  const { referenceToken = '', id = '' } = useParams();
  const follow = useFollowRecoveryStatus();
  const [verifyV2] = useForgotMyPasswordVerifyV2Mutation();
  const [verifyV3] = useForgotMyPasswordVerifyV3Mutation();
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  // A single-use link must be sent once, even when the effect runs twice (development's strict mode).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // v1 links are checked by the v2 call (contract A): v1 differs only in how many methods it offers.
    const verify = flow === 'v3' ? verifyV3 : verifyV2;
    void verify({ referenceToken, id })
      .unwrap()
      .then((status: RecoveryStatus) => {
        if (status.status === 'SECOND_FACTOR_REQUIRED') setState({ kind: 'continue-elsewhere' });
        else if (!follow(status)) setState({ kind: 'expired' });
      })
      .catch(() => setState({ kind: 'expired' }));
  }, [flow, follow, id, referenceToken, verifyV2, verifyV3]);

  if (state.kind === 'expired') return <RecoveryRestart messageKey="recovery:error_recovery_expired" />;
  if (state.kind === 'continue-elsewhere') {
    return <RecoveryCard id="recovery-link-title" title={t('recovery:link_confirmed_title')} subtitle={t('recovery:link_continue_elsewhere')} testId="recovery-link-confirmed">{null}</RecoveryCard>;
  }
  return (
    <RecoveryCard id="recovery-link-title" title={t('recovery:link_checking')} testId="recovery-link-checking">
      <Spinner />
    </RecoveryCard>
  );
}
