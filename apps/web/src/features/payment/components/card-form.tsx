import { useId } from 'react';
import { TextField } from '@/components/ui/field';
import { detectBrand, cvcLength, digitsOnly, formatCardNumber, type CardDraft, type CardErrorFlags } from '../card';
import { usePaymentTranslation } from '../use-payment-translation';
import styles from './payment.module.css';

export const EMPTY_DRAFT: CardDraft = { number: '', expiryMonth: '', expiryYear: '', cvc: '', holderName: '', confirmed: false };


export interface CardFormProps {
  draft: CardDraft;
  onChange: (next: CardDraft) => void;
  errors: CardErrorFlags;
  /** The "save this card" choice; absent when updating a saved card (it is saved anyway). */
  saveCard?: { value: boolean; onChange: (value: boolean) => void };
  disabled?: boolean;
}

/** The new-card fields with the spec's error flags: number, month, year, CVC and name on card. */
export function CardForm({ draft, onChange, errors, saveCard, disabled }: CardFormProps) {
  const { t } = usePaymentTranslation();
  const saveId = useId();
  const brand = detectBrand(draft.number);
  const set = (patch: Partial<CardDraft>) => onChange({ ...draft, ...patch });

  return (
    <fieldset className={styles.cardForm} disabled={disabled}>
      <legend className="visually-hidden">{t('payment:card_form_legend')}</legend>
      <TextField
        label={t('payment:card_number')}
        inputMode="numeric"
        autoComplete="cc-number"
        value={draft.number}
        onChange={(event) => set({ number: formatCardNumber(event.target.value) })}
        error={errors.cardNumber ? t('payment:card_number_error') : undefined}
        endAdornment={brand ? <span className={styles.brand} data-testid="card-brand">{t(`payment:brand_${brand}`)}</span> : undefined}
        dir="ltr"
      />
      <div className={styles.expiryRow}>
        <TextField
          label={t('payment:expiry_month')}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder={t('payment:expiry_month_placeholder')}
          maxLength={2}
          value={draft.expiryMonth}
          onChange={(event) => set({ expiryMonth: digitsOnly(event.target.value).slice(0, 2) })}
          error={errors.month ? t('payment:expiry_month_error') : undefined}
          dir="ltr"
        />
        <TextField
          label={t('payment:expiry_year')}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder={t('payment:expiry_year_placeholder')}
          maxLength={4}
          value={draft.expiryYear}
          onChange={(event) => set({ expiryYear: digitsOnly(event.target.value).slice(0, 4) })}
          error={errors.year ? t('payment:expiry_year_error') : undefined}
          dir="ltr"
        />
        <TextField
          label={t('payment:cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={cvcLength(brand)}
          value={draft.cvc}
          onChange={(event) => set({ cvc: digitsOnly(event.target.value).slice(0, cvcLength(brand)) })}
          error={errors.cvc ? t('payment:cvc_error', { digits: String(cvcLength(brand)) }) : undefined}
          dir="ltr"
        />
      </div>
      <TextField
        label={t('payment:holder_name')}
        autoComplete="cc-name"
        value={draft.holderName}
        onChange={(event) => set({ holderName: event.target.value })}
        error={errors.cardName ? t('payment:holder_name_error') : undefined}
      />
      {saveCard ? (
        <div className={styles.check}>
          <input id={saveId} type="checkbox" checked={saveCard.value} onChange={(event) => saveCard.onChange(event.target.checked)} />
          <label htmlFor={saveId}>{t('payment:save_card')}</label>
        </div>
      ) : null}
    </fieldset>
  );
}
