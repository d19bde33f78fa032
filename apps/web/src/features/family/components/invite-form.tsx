import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useInviteFamilyMemberMutation } from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyError } from './error-alert';
import styles from './family.module.css';

type Kind = 'email' | 'phone';

/** The admin invites by e-mail or by phone (country code + national number); the server checks and sends. */
export function InviteForm({ seatsTaken, maxMembers }: { seatsTaken: number; maxMembers: number }) {
  const { t } = useFamilyTranslation();
  const [kind, setKind] = useState<Kind>('email');
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState('90');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [sent, setSent] = useState(false);
  const [invite, state] = useInviteFamilyMemberMutation();
  const full = seatsTaken >= maxMembers;
  const empty = kind === 'email' ? email.trim() === '' : phoneNumber.trim() === '' || countryCode.trim() === '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    const body = kind === 'email' ? { email: email.trim() } : { countryCode: countryCode.trim(), phoneNumber: phoneNumber.trim() };
    try {
      await invite(body).unwrap();
      setSent(true);
      setEmail('');
      setPhoneNumber('');
    } catch {
      // Shown below from the mutation state.
    }
  };

  return (
    <section className={styles.section} aria-labelledby="family-invite-heading">
      <h2 id="family-invite-heading" className={styles.heading}>
        {t('family:invite_heading')}
      </h2>
      <p className={styles.text}>{t('family:invite_text')}</p>
      <p className={styles.meta} data-testid="family-seats">
        {t('family:seats', { used: seatsTaken, max: maxMembers })}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.kinds}>
          <legend>{t('family:invite_by')}</legend>
          {(['email', 'phone'] as const).map((k) => (
            <label key={k} className={styles.kind}>
              <input type="radio" name="family-invite-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {t(k === 'email' ? 'family:by_email' : 'family:by_phone')}
            </label>
          ))}
        </fieldset>
        {kind === 'email' ? (
          <TextField label={t('family:email_label')} type="email" autoComplete="off" maxLength={320} value={email} onChange={(e) => setEmail(e.target.value)} />
        ) : (
          <div className={styles.phone}>
            <TextField
              label={t('family:country_code_label')}
              inputMode="numeric"
              maxLength={4}
              value={countryCode}
              onChange={(e) => setCountryCode(e.target.value.replace(/[^\d+]/g, ''))}
            />
            <TextField
              label={t('family:phone_label')}
              type="tel"
              inputMode="numeric"
              maxLength={20}
              value={phoneNumber}
              onChange={(e) => setPhoneNumber(e.target.value.replace(/[^\d\s]/g, ''))}
            />
          </div>
        )}
        <div>
          <Button type="submit" loading={state.isLoading} disabled={empty || full}>
            {t('family:send_invitation')}
          </Button>
        </div>
      </form>
      {full ? <p className={styles.meta}>{t('family:error_FAMILY_FULL')}</p> : null}
      {sent ? (
        <Alert tone="success" onClose={() => setSent(false)}>
          {t('family:invitation_sent')}
        </Alert>
      ) : null}
      <FamilyError error={state.error} onClose={state.reset} />
    </section>
  );
}
