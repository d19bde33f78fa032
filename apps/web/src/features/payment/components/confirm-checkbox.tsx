import { useId } from 'react';
import { usePaymentTranslation } from '../use-payment-translation';
import styles from './payment.module.css';

/** The agreement the subscriber must tick before paying (the spec's confirm-checkbox flag). */
export function ConfirmCheckbox({ checked, onChange, error }: { checked: boolean; onChange: (value: boolean) => void; error: boolean }) {
  const { t } = usePaymentTranslation();
  const id = useId();
  return (
    <div>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{t('payment:confirm_agreement')}</label>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {t('payment:confirm_error')}
        </p>
      ) : null}
    </div>
  );
}
