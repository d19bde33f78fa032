import { useState, type FormEvent } from 'react';
import { apiErrorCode } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { digitsOnly } from '../card';
import { FINAL_STATUSES, useConfirmWalletPaymentMutation, useLazyGetPaymentQuery, useResendWalletCodeMutation, type Payment } from '../api';
import { errorKey } from '../messages';
import { usePaymentTranslation } from '../use-payment-translation';
import styles from './payment.module.css';

/** The operator wallet's step: the code sent by SMS confirms the payment (PaycellTrxnId in the payment state). */
export function WalletCode({ paycellTrxnId, paymentId, onSettled }: { paycellTrxnId: string; paymentId: string | null; onSettled: (payment: Payment) => void }) {
  const { t } = usePaymentTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, confirmState] = useConfirmWalletPaymentMutation();
  const [resend, resendState] = useResendWalletCodeMutation();
  const [readPayment] = useLazyGetPaymentQuery();

  /** A wrong code can be the last one allowed (the payment then failed): the payment itself says. */
  const settledAfter = async (code: string | undefined): Promise<boolean> => {
    if (!paymentId || (code !== 'INVALID_CODE' && code !== 'PAYMENT_NOT_PENDING')) return false;
    try {
      const payment = await readPayment(paymentId).unwrap();
      if (!FINAL_STATUSES.has(payment.status)) return false;
      onSettled(payment);
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (code.length < 4) {
      setError(t('payment:wallet_code_error'));
      return;
    }
    setError(undefined);
    try {
      onSettled(await confirm({ paycellTrxnId, code }).unwrap());
    } catch (failure) {
      const status = apiErrorCode(failure);
      if (!(await settledAfter(status))) setError(t(errorKey(status)));
    }
  };

  const again = async () => {
    setError(undefined);
    try {
      await resend({ paycellTrxnId }).unwrap();
      setNotice(t('payment:wallet_code_resent'));
    } catch (failure) {
      setError(t(errorKey(apiErrorCode(failure))));
    }
  };

  return (
    <form className={styles.wallet} onSubmit={submit} noValidate>
      <p>{t('payment:wallet_code_text')}</p>
      <TextField
        label={t('payment:wallet_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={code}
        onChange={(event) => setCode(digitsOnly(event.target.value).slice(0, 8))}
        error={error}
        hint={notice ?? undefined}
        dir="ltr"
      />
      <div className={styles.actions}>
        <Button type="submit" loading={confirmState.isLoading}>
          {t('payment:wallet_confirm')}
        </Button>
        <Button variant="secondary" loading={resendState.isLoading} onClick={again}>
          {t('payment:wallet_resend')}
        </Button>
      </div>
    </form>
  );
}
