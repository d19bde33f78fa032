import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { emptyOtp, OtpInput } from '@/components/ui/otp-input';
import {
  useGetAuthSettingsQuery,
  useRegenerateRecoveryCodesMutation,
  useSetAuthSettingsMutation,
  useTotpDisableMutation,
  useTotpEnableMutation,
  useTotpSetupMutation,
} from '../api';
import { useErrorText } from '../hooks/use-messages';
import { PasswordPromptModal } from './password-prompt-modal';
import { RecoveryCodes } from './recovery-codes';
import { SettingsSection, StatusPill } from './settings-section';
import { TabState } from './tab-state';
import { ToggleRow } from './toggle-row';
import styles from './settings.module.css';

// The QR encoder comes with the enrolment only.
const QrCode = lazy(() => import('@/components/ui/qr-code').then((m) => ({ default: m.QrCode })));

const TOTP_LENGTH = 6;

type Prompt = 'twoFactorOn' | 'twoFactorOff' | 'totpSetup' | 'totpOff' | 'newCodes' | null;

/** The secret in groups of four, easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function TotpEnrolment({ secret, otpauthUrl, onEnabled, onCancel }: { secret: string; otpauthUrl: string; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [code, setCode] = useState(() => emptyOtp(TOTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [enable, { isLoading }] = useTotpEnableMutation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.every(Boolean)) {
      setError(t('settings:problem_required', { field: t('settings:totp_code_label') }));
      return;
    }
    try {
      const result = await enable({ code: code.join('') }).unwrap();
      onEnabled(result.recoveryCodes);
    } catch (failure) {
      setError(errorText(failure));
      setCode(emptyOtp(TOTP_LENGTH));
    }
  };

  return (
    <form className={`${styles.form} ${styles.subform}`} onSubmit={handleSubmit} noValidate data-testid="totp-enrolment">
      <ol className={styles.steps}>
        <li>{t('settings:totp_step_scan')}</li>
        <li>{t('settings:totp_step_code')}</li>
      </ol>
      <div className={styles.qrRow}>
        <Suspense fallback={<Spinner size={32} />}>
          <QrCode value={otpauthUrl} label={t('settings:totp_qr_label')} size={180} testId="totp-qr" />
        </Suspense>
        <div className={styles.secret}>
          <span className={styles.muted}>{t('settings:totp_manual')}</span>
          <code dir="ltr" data-testid="totp-secret" data-secret={secret}>
            {groupSecret(secret)}
          </code>
        </div>
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('settings:totp_code_label')}</legend>
        <OtpInput
          length={TOTP_LENGTH}
          value={code}
          onChange={(next) => {
            setCode(next);
            setError(null);
          }}
          invalid={Boolean(error)}
          testIdPrefix="totp-code"
          describedBy={error ? 'totp-error' : undefined}
        />
      </fieldset>
      {error ? (
        <Alert tone="error">
          <span id="totp-error">{error}</span>
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" loading={isLoading}>
          {t('settings:totp_confirm')}
        </Button>
      </div>
    </form>
  );
}

/** Two-step sign-in (codes by SMS or e-mail), the authenticator app and its recovery codes. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const query = useGetAuthSettingsQuery();
  const settings = query.data;
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [setAuthSettings] = useSetAuthSettingsMutation();
  const [totpSetup] = useTotpSetupMutation();
  const [totpDisable] = useTotpDisableMutation();
  const [regenerate] = useRegenerateRecoveryCodesMutation();

  const prompts: Record<Exclude<Prompt, null>, { title: string; description: string; confirm: string; danger?: boolean; run: (password: string) => Promise<unknown> }> = {
    twoFactorOn: {
      title: t('settings:two_factor_on_title'),
      description: t('settings:two_factor_on_text'),
      confirm: t('settings:turn_on'),
      run: (password) => setAuthSettings({ twoFactorAuthEnabled: true, password }).unwrap(),
    },
    twoFactorOff: {
      title: t('settings:two_factor_off_title'),
      description: t('settings:two_factor_off_text'),
      confirm: t('settings:turn_off'),
      danger: true,
      run: (password) => setAuthSettings({ twoFactorAuthEnabled: false, password }).unwrap(),
    },
    totpSetup: {
      title: t('settings:totp_setup_title'),
      description: t('settings:totp_setup_text'),
      confirm: t('settings:continue'),
      run: async (password) => setEnrolment(await totpSetup({ password }).unwrap()),
    },
    totpOff: {
      title: t('settings:totp_off_title'),
      description: t('settings:totp_off_text'),
      confirm: t('settings:turn_off'),
      danger: true,
      run: (password) => totpDisable({ password }).unwrap(),
    },
    newCodes: {
      title: t('settings:new_codes_title'),
      description: t('settings:new_codes_text'),
      confirm: t('settings:new_codes_confirm'),
      run: async (password) => setCodes((await regenerate({ password }).unwrap()).recoveryCodes),
    },
  };
  const current = prompt ? prompts[prompt] : null;

  return (
    <SettingsSection id="security-two-factor" title={t('settings:two_factor_heading')} text={t('settings:two_factor_text')}>
      <TabState query={query}>
        {settings ? (
          <div className={styles.form}>
            <ToggleRow
              label={t('settings:two_factor_toggle')}
              description={t('settings:two_factor_toggle_text')}
              checked={settings.twoFactorAuthEnabled}
              onChange={(next) => setPrompt(next ? 'twoFactorOn' : 'twoFactorOff')}
              data-testid="two-factor-switch"
            />
            <div className={styles.divider} />
            <div className={styles.row}>
              <div className={styles.toggleText}>
                <span className={styles.toggleLabel}>
                  {t('settings:totp_heading')} <StatusPill on={settings.totpEnabled} onText={t('settings:on')} offText={t('settings:off')} />
                </span>
                <span className={styles.toggleDescription}>
                  {settings.totpEnabled ? t('settings:recovery_codes_left', { count: settings.recoveryCodesLeft }) : t('settings:totp_text')}
                </span>
              </div>
              {!enrolment && !codes ? (
                settings.totpEnabled ? (
                  <div className={styles.inlineActions}>
                    <Button variant="secondary" size="sm" onClick={() => setPrompt('newCodes')}>
                      {t('settings:new_codes')}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setPrompt('totpOff')}>
                      {t('settings:turn_off')}
                    </Button>
                  </div>
                ) : (
                  <Button variant="secondary" size="sm" onClick={() => setPrompt('totpSetup')}>
                    {t('settings:totp_setup')}
                  </Button>
                )
              ) : null}
            </div>
            {enrolment ? (
              <TotpEnrolment
                {...enrolment}
                onCancel={() => setEnrolment(null)}
                onEnabled={(recoveryCodes) => {
                  setEnrolment(null);
                  setCodes(recoveryCodes);
                  void query.refetch();
                }}
              />
            ) : null}
            {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
            {settings.twoFactorAuthEnabled ? (
              <Alert tone="info">{t('settings:two_factor_methods', { methods: settings.methods.map((method) => t(`settings:method_${method}`)).join(', ') })}</Alert>
            ) : null}
          </div>
        ) : null}
      </TabState>
      {current ? (
        <PasswordPromptModal
          open
          onOpenChange={(open) => {
            if (!open) setPrompt(null);
          }}
          title={current.title}
          description={current.description}
          confirmLabel={current.confirm}
          danger={current.danger}
          onConfirm={async (password) => {
            await current.run(password);
            void query.refetch();
          }}
        />
      ) : null}
    </SettingsSection>
  );
}
