import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorField } from '@/api/errors';
import { CaptchaBox } from '@/components/captcha/captcha-box';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { InformationModal } from '@/components/ui/information-modal';
import { Spinner } from '@/components/ui/loader';
import { NameFields } from '@/components/ui/name-fields';
import { EMAIL_MAX_LENGTH, EULA_BRAND, PASSWORD_MAX_LENGTH } from '@/config/constants';
import { useAuthLinks } from '../auth-links.public';
import { renderSafeHtml } from '@/lib/safe-html';
import { currentLanguage } from '@/i18n/i18n';
import { captchaArgs, useGetEulaQuery, useSignupMutation, type OtpChallenge, type OtpChannel } from '../api';
import {
  COUNTRY_CALLING_CODES,
  DEFAULT_REGION,
  countryLabel,
  findCountry,
  isValidNationalNumber,
  normaliseNationalNumber,
} from '../country-codes';
import { useCaptchaForm } from '../hooks/use-captcha-form';
import { isPasswordValid, isValidEmail } from '../password-rules';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import styles from './auth-card.module.css';

type Field = 'email' | 'phone' | 'password' | 'name' | 'surname' | 'eula' | 'captcha';
type FieldErrors = Partial<Record<Field, string>>;

/** Server field names (VALIDATION_ERROR.field) mapped to our inputs. */
const SERVER_FIELDS: Record<string, Field> = {
  email: 'email',
  phoneNumber: 'phone',
  countryCode: 'phone',
  password: 'password',
  name: 'name',
  surname: 'surname',
  eulaId: 'eula',
};

export interface SignupSubmitted {
  challenge: OtpChallenge;
  channel: OtpChannel;
  /** Where the code went: the e-mail or the full phone number. */
  target: string;
}

/** Sign-up from a Google or Apple identity (linked when the account is created) or from an invitation. */
export type SignupVariant =
  | { kind: 'social'; provider: 'google' | 'apple'; email: string | null; token: string; state: string }
  | { kind: 'invite'; referrerToken: string | null };

export interface SignupFormProps {
  onSubmitted: (result: SignupSubmitted) => void;
  variant?: SignupVariant;
  /** Shown above the fields: why this sign-up looks as it does (the provider's e-mail, an invitation). */
  note?: ReactNode;
}

export function SignupForm({ onSubmitted, variant, note }: SignupFormProps) {
  const { t, i18n } = useTranslation();
  const links = useAuthLinks();
  const language = currentLanguage();
  const social = variant?.kind === 'social' ? variant : null;
  // The provider's verified e-mail is the account's: the server links the identity only when they match.
  const fixedEmail = social?.email ?? null;
  const [email, setEmail] = useState(fixedEmail ?? '');
  const [region, setRegion] = useState(DEFAULT_REGION);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [surname, setSurname] = useState('');
  const [eulaAccepted, setEulaAccepted] = useState(false);
  const [eulaOpen, setEulaOpen] = useState(false);
  // A share invitation's link asks for the code on the invited contact (?channel=EMAIL): that proves it, and claims the share.
  const [params] = useSearchParams();
  const [channel, setChannel] = useState<OtpChannel>(params.get('channel') === 'EMAIL' ? 'EMAIL' : 'PHONE');
  const form = useCaptchaForm<FieldErrors>('SIGN_UP');
  const { errors, setErrors, formError, setFormError, setCaptchaBlocked, captcha, showCaptcha } = form;
  const eula = useGetEulaQuery({ language, brand: EULA_BRAND });
  const [signup, { isLoading }] = useSignupMutation();
  const eulaHtml = eula.data?.content;
  const eulaContent = useMemo(() => (eulaHtml ? renderSafeHtml(eulaHtml) : null), [eulaHtml]);

  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    const labelled = COUNTRY_CALLING_CODES.map((country) => ({ ...country, label: countryLabel(country, i18n.language) }));
    const [first, ...rest] = labelled;
    // The default (Türkiye) stays on top; the rest are alphabetical in the interface language.
    return [first!, ...rest.sort((a, b) => collator.compare(a.label, b.label))];
  }, [i18n.language]);

  const setField = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
    setCaptchaBlocked(false);
  };

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
    const trimmedEmail = email.trim();
    if (!trimmedEmail) next.email = t('auth:email_required');
    else if (trimmedEmail.length > EMAIL_MAX_LENGTH) next.email = t('auth:email_too_long', { max: EMAIL_MAX_LENGTH });
    else if (!isValidEmail(trimmedEmail)) next.email = t('auth:email_invalid');
    const national = normaliseNationalNumber(phone);
    if (!national) next.phone = t('auth:phone_required');
    else if (!isValidNationalNumber(findCountry(region), national)) next.phone = t('auth:phone_invalid');
    if (!password) next.password = t('auth:password_required');
    else if (!isPasswordValid(password)) next.password = t('auth:password_invalid');
    if (!eulaAccepted) next.eula = t('auth:eula_required');
    if (showCaptcha && !captcha.answer.trim()) next.captcha = t('common:captcha_required');
    return next;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.startSubmit(validate())) return;
    if (!eula.data) {
      setFormError(t('auth:eula_error'));
      return;
    }
    const country = findCountry(region);
    const national = normaliseNationalNumber(phone);
    try {
      const challenge = await signup({
        body: {
          email: email.trim(),
          phoneNumber: national,
          countryCode: country.code,
          password,
          name: name.trim() || undefined,
          surname: surname.trim() || undefined,
          language,
          eulaId: eula.data.id,
          sendOtpTo: channel,
          socialToken: social ? { provider: social.provider, token: social.token, state: social.state } : undefined,
          referrerToken: variant?.kind === 'invite' ? (variant.referrerToken ?? undefined) : undefined,
        },
        ...captchaArgs(form.captchaPayload()),
      }).unwrap();
      onSubmitted({ challenge, channel, target: channel === 'EMAIL' ? email.trim() : `+${country.code} ${national}` });
    } catch (error) {
      form.handleSubmitError(error, (code) => {
        switch (code) {
          case 'EMAIL_ALREADY_EXISTS':
            setErrors({ email: t('auth:error_email_exists') });
            return true;
          case 'PHONE_ALREADY_EXISTS':
            setErrors({ phone: t('auth:error_phone_exists') });
            return true;
          case 'PASSWORD_TOO_WEAK':
            setErrors({ password: t('auth:password_invalid') });
            return true;
          case 'VALIDATION_ERROR': {
            const field = SERVER_FIELDS[apiErrorField(error) ?? ''];
            if (field) setErrors({ [field]: t('auth:error_field_invalid') });
            else setFormError(t('auth:error_field_invalid'));
            return true;
          }
          default:
            return false;
        }
      });
    }
  };

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="signup-title">
      <header className={styles.header}>
        <h1 id="signup-title" className={styles.title}>
          {t('auth:signup_title')}
        </h1>
        <p className={styles.subtitle}>{t('auth:signup_subtitle')}</p>
      </header>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {note}
        {formError ? (
          <Alert tone="error">
            {formError}
          </Alert>
        ) : null}
        <TextField
          readOnly={fixedEmail !== null}
          label={t('auth:email_label')}
          placeholder={t('auth:email_placeholder')}
          type="email"
          value={email}
          maxLength={EMAIL_MAX_LENGTH}
          onChange={(event) => {
            setEmail(event.target.value);
            setField('email');
          }}
          error={errors.email}
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
        />
        <div className={styles.phoneRow}>
          <SelectField
            label={t('auth:country_label')}
            value={region}
            onChange={(event) => {
              setRegion(event.target.value);
              setField('phone');
            }}
            autoComplete="tel-country-code"
          >
            {countries.map((country) => (
              <option key={country.region} value={country.region}>
                {country.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('auth:phone_label')}
            placeholder={t('auth:phone_placeholder')}
            type="tel"
            inputMode="tel"
            value={phone}
            maxLength={20}
            onChange={(event) => {
              setPhone(event.target.value.replace(/[^\d\s()-]/g, ''));
              setField('phone');
            }}
            error={errors.phone}
            autoComplete="tel-national"
          />
        </div>
        <div>
          <PasswordField
            label={t('auth:password_label')}
            value={password}
            maxLength={PASSWORD_MAX_LENGTH}
            onChange={(event) => {
              setPassword(event.target.value);
              setField('password');
            }}
            error={errors.password}
            autoComplete="new-password"
          />
          <PasswordStrength password={password} />
        </div>
        <NameFields
          className={styles.twoColumns}
          nameLabel={t('auth:name_label')}
          surnameLabel={t('auth:surname_label')}
          name={name}
          surname={surname}
          onNameChange={setName}
          onSurnameChange={setSurname}
          nameTestId="signup-name"
          surnameTestId="signup-surname"
        />
        <fieldset className={styles.channels}>
          <legend>{t('auth:otp_channel_label')}</legend>
          <label className={styles.channel}>
            <input
              type="radio"
              name="otp-channel"
              value="PHONE"
              checked={channel === 'PHONE'}
              onChange={() => setChannel('PHONE')}
            />
            <span>{t('auth:otp_channel_sms')}</span>
          </label>
          <label className={styles.channel}>
            <input
              type="radio"
              name="otp-channel"
              value="EMAIL"
              checked={channel === 'EMAIL'}
              onChange={() => setChannel('EMAIL')}
            />
            <span>{t('auth:otp_channel_email')}</span>
          </label>
        </fieldset>
        <Checkbox
          checked={eulaAccepted}
          onChange={(event) => {
            setEulaAccepted(event.target.checked);
            setField('eula');
          }}
          error={errors.eula}
          label={
            <Trans
              i18nKey="auth:eula_accept"
              components={{
                eula: (
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={(event) => {
                      event.preventDefault();
                      setEulaOpen(true);
                    }}
                  />
                ),
              }}
            />
          }
        />
        {eula.isError ? (
          <Alert tone="error">
            {t('auth:eula_error')}{' '}
            <button type="button" className={styles.linkButton} onClick={() => eula.refetch()}>
              {t('common:retry')}
            </button>
          </Alert>
        ) : null}
        {showCaptcha ? (
          <CaptchaBox
            {...form.captchaBoxProps}
            onAnswerChange={(answer) => {
              captcha.setAnswer(answer);
              setField('captcha');
            }}
            disabled={isLoading}
          />
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={isLoading}>
          {t('auth:signup_submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        {t('auth:have_account')}
        <Link to={links.login}>{t('auth:sign_in')}</Link>
      </p>
      <InformationModal
        open={eulaOpen}
        onOpenChange={setEulaOpen}
        titleKey="auth:eula_title"
        content={eulaContent ?? (eula.isError ? t('auth:eula_error') : <Spinner />)}
        okLabelKey="common:close"
      />
    </section>
  );
}
