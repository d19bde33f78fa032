import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import type { AgreementKind } from '../api';
import { usePaymentTranslation } from '../use-payment-translation';
import { AgreementDialog } from './agreement-dialog';
import styles from './payment.module.css';

/**
 * The agreement the subscriber must tick before paying (the spec's confirm-checkbox flag); both documents it names
 * open from the label and can be read before paying (Turkish distance-sales law).
 */
export function ConfirmCheckbox({
  packageId,
  checked,
  onChange,
  error,
}: {
  packageId: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  error: boolean;
}) {
  const { t } = usePaymentTranslation();
  const id = useId();
  const [reading, setReading] = useState<AgreementKind | null>(null);
  const link = (kind: AgreementKind) => (
    <button
      type="button"
      className={styles.agreementLink}
      onClick={(event) => {
        // Opening a document is not ticking the box.
        event.preventDefault();
        setReading(kind);
      }}
    />
  );
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
        <label htmlFor={id}>
          <Trans i18nKey="payment:confirm_agreement" components={{ pre: link('PRE_INFORMATION'), sales: link('DISTANCE_SALES') }} />
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {t('payment:confirm_error')}
        </p>
      ) : null}
      <AgreementDialog packageId={packageId} kind={reading} onClose={() => setReading(null)} />
    </div>
  );
}
