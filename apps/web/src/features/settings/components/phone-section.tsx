import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '@/api/account';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import {
  COUNTRY_CALLING_CODES,
  DEFAULT_REGION,
  countryLabel,
  findCountry,
  normaliseNationalNumber,
} from '@/features/auth/country-codes.public';
import { useUpdatePhoneNumberMutation, useVerifyPhoneNumberToUpdateMutation } from '../api';
import { useErrorText, useProblemText } from '../hooks/use-messages';
import { checkPhone } from '../validation';
import { CodeEntry, type CodeTicket } from './code-entry';
import { SettingsSection, StatusPill } from './settings-section';
import styles from './settings.module.css';

export function formatPhone(countryCode: string | null | undefined, phone: string | null | undefined): string | null {
  if (!phone) return null;
  return countryCode ? `+${countryCode.replace(/^\+/, '')} ${phone}` : phone;
}

/** The phone number: a new one takes effect once the code sent to it by SMS is entered. */
export function PhoneSection({ info }: { info: AccountInfo }) {
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const errorText = useErrorText();
  const [step, setStep] = useState<'view' | 'number' | 'code'>('view');
  const [region, setRegion] = useState(DEFAULT_REGION);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [ticket, setTicket] = useState<CodeTicket | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [update, updateState] = useUpdatePhoneNumberMutation();
  const [verify] = useVerifyPhoneNumberToUpdateMutation();
  const current = formatPhone(info.countryCode, info.phoneNumber);
  const country = findCountry(region);
  const label = t('settings:new_phone_label');

  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    const labelled = COUNTRY_CALLING_CODES.map((entry) => ({ ...entry, label: countryLabel(entry, i18n.language) }));
    const [first, ...rest] = labelled;
    return [first!, ...rest.sort((a, b) => collator.compare(a.label, b.label))];
  }, [i18n.language]);

  const send = async () => update({ countryCode: country.code, phoneNumber: normaliseNationalNumber(phone) }).unwrap();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkPhone(country, phone);
    setError(problemText(problem, label));
    if (problem) return;
    try {
      setTicket(await send());
      setStep('code');
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <SettingsSection id="profile-phone" title={t('settings:phone_heading')} text={t('settings:phone_text')}>
      <div className={styles.row}>
        <div className={styles.rowMain}>
          <span className={styles.rowValue}>{current ? <bdi>{current}</bdi> : t('settings:not_set')}</span>
          {current ? <StatusPill on={Boolean(info.phoneVerified)} onText={t('settings:verified')} offText={t('settings:not_verified')} /> : null}
        </div>
        {step === 'view' ? (
          <Button variant="secondary" size="sm" onClick={() => setStep('number')}>
            {t('settings:phone_change')}
          </Button>
        ) : null}
      </div>
      {notice ? (
        <Alert tone="success" className={styles.inlineAlert}>
          {notice}
        </Alert>
      ) : null}
      {step === 'number' ? (
        <form className={`${styles.form} ${styles.subform}`} onSubmit={handleSubmit} noValidate>
          <div className={styles.phoneRow}>
            <SelectField label={t('settings:country_label')} value={region} onChange={(event) => setRegion(event.target.value)} autoComplete="tel-country-code">
              {countries.map((entry) => (
                <option key={entry.region} value={entry.region}>
                  {entry.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label={label}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={phone}
              maxLength={20}
              onChange={(event) => setPhone(event.target.value.replace(/[^\d\s()-]/g, ''))}
              error={error}
              autoFocus
            />
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setStep('view')}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={updateState.isLoading}>
              {t('settings:send_code')}
            </Button>
          </div>
        </form>
      ) : null}
      {step === 'code' && ticket ? (
        <CodeEntry
          ticket={ticket}
          target={`+${country.code} ${normaliseNationalNumber(phone)}`}
          errorText={(failure) => errorText(failure)}
          onResend={send}
          onCancel={() => setStep('view')}
          onVerify={async (otp) => {
            await verify({ referenceToken: ticket.referenceToken, otp }).unwrap();
            setStep('view');
            setPhone('');
            setNotice(t('settings:phone_changed'));
          }}
        />
      ) : null}
    </SettingsSection>
  );
}
