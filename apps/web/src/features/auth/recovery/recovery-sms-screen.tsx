import { useAppSelector } from '@/state/hooks';
import { OTP_DEFAULT_LENGTH } from '@/config/constants';
import type { RecoveryFlow } from '../auth-slice';
import { codeFailure } from '../code-failure';
import { CodeEntry, type CodeTicket } from '../components/code-entry';
import { useRecoveryTranslation } from '../use-recovery-translation';
import { useForgotMyPasswordSendSmsMutation, useForgotMyPasswordValidatePhoneNumberMutation } from './recovery-api';
import { RecoveryCard, RecoveryRestart, useFollowRecoveryStatus } from './recovery-nav';

const ticketOf = (selected: { expectedInputLength: number; remainingTimeInMinutes: number }): CodeTicket => ({
  length: selected.expectedInputLength > 0 ? selected.expectedInputLength : OTP_DEFAULT_LENGTH,
  minutes: selected.remainingTimeInMinutes,
});

/** /auth/forgotmypassword/smsotp (v1), smsotp2 (v2), smsotp3 (v3): the code sent by SMS to the account's phone. */
export function RecoverySmsScreen({ flow }: { flow: RecoveryFlow }) {
  const { t } = useRecoveryTranslation();
  const selected = useAppSelector((state) => state.auth.selectedMethod);
  const follow = useFollowRecoveryStatus();
  const [validate] = useForgotMyPasswordValidatePhoneNumberMutation();
  const [sendSms] = useForgotMyPasswordSendSmsMutation();

  if (!selected || selected.selectedMethod !== 'SMS') return <RecoveryRestart />;
  const ticket = ticketOf(selected);

  return (
    <RecoveryCard
      id="recovery-sms-title"
      title={t('recovery:sms_title')}
      subtitle={t('recovery:sms_subtitle', { length: ticket.length, target: selected.selectedValue })}
      testId={`recovery-sms-${flow}`}
    >
      <CodeEntry
        ticket={ticket}
        testIdPrefix="recovery-otp"
        onVerify={async (otp) => {
          try {
            const status = await validate({ referenceToken: selected.referenceToken, otp }).unwrap();
            if (follow(status)) return undefined;
            return { message: t('recovery:error_recovery_expired'), locked: true };
          } catch (error) {
            return codeFailure(error, t);
          }
        }}
        onResend={async () => {
          try {
            return ticketOf(await sendSms({ referenceToken: selected.referenceToken }).unwrap());
          } catch (error) {
            return codeFailure(error, t);
          }
        }}
      />
    </RecoveryCard>
  );
}
