import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useGetAccountInfoQuery } from '@/api/account';
import { logout } from '@/api/base-api';
import { useAppDispatch } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { EULA_BRAND } from '@/config/constants';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/i18n/i18n';
import { renderSafeHtml } from '@/lib/safe-html';
import { useApproveEulaMutation, useCheckEulaQuery, useGetEulaQuery } from '../api';
import { useErrorText } from '../hooks/use-messages';
import { AccountPage } from './account-page';
import { EmailSection } from './email-section';
import { PhoneSection } from './phone-section';
import styles from './settings.module.css';

/** Where to go once the update is done: a same-site path from ?returnUrl=, else the signed-in area. */
function useContinuePath(): string {
  const [params] = useSearchParams();
  const target = params.get('returnUrl');
  return target && target.startsWith('/main') ? target : paths.main;
}

/** /update/eula: a newer user agreement must be accepted before the signed-in area opens again. */
export function UpdateEulaScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const next = useContinuePath();
  const language = currentLanguage();
  const check = useCheckEulaQuery(language);
  const eula = useGetEulaQuery({ language, brand: EULA_BRAND });
  const [approve, { isLoading }] = useApproveEulaMutation();
  const [error, setError] = useState<string | null>(null);
  const html = eula.data?.content;
  const content = useMemo(() => (html ? renderSafeHtml(html) : null), [html]);

  const accept = async () => {
    if (!check.data) return;
    setError(null);
    try {
      await approve({ eulaId: check.data.eulaId }).unwrap();
      await check.refetch();
      navigate(next, { replace: true });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <AccountPage titleId="update-eula-title" title={t('settings:update_eula_title')} text={t('settings:update_eula_text')}>
      <div className={styles.form}>
        {eula.isLoading || check.isLoading ? (
          <div className={styles.center}>
            <Spinner size={32} />
          </div>
        ) : content ? (
          <div className={styles.legalDocument} tabIndex={0} role="document" aria-label={t('settings:update_eula_document')}>
            {content}
          </div>
        ) : (
          <Alert tone="error">{t('settings:load_error')}</Alert>
        )}
        {check.data?.approved ? <Alert tone="success">{t('settings:update_eula_already')}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void dispatch(logout())}>
            {t('settings:update_eula_decline')}
          </Button>
          {check.data?.approved ? (
            <Button onClick={() => navigate(next, { replace: true })}>{t('settings:continue')}</Button>
          ) : (
            <Button onClick={accept} loading={isLoading} disabled={!check.data || !content}>
              {t('settings:update_eula_accept')}
            </Button>
          )}
        </div>
      </div>
    </AccountPage>
  );
}

/** /update/email and /update/msisdn: the account is asked to confirm or change its address or number. */
function UpdateContactScreen({ phone }: { phone: boolean }) {
  const { t } = useTranslation();
  const next = useContinuePath();
  const { data: info, isLoading } = useGetAccountInfoQuery();
  return (
    <AccountPage
      titleId="update-contact-title"
      title={phone ? t('settings:update_phone_title') : t('settings:update_email_title')}
      text={phone ? t('settings:update_phone_text') : t('settings:update_email_text')}
    >
      <div className={styles.form}>
        {isLoading || !info ? <Spinner size={32} /> : phone ? <PhoneSection info={info} /> : <EmailSection info={info} />}
        <Link className={styles.pageLink} to={next}>
          {t('settings:update_later')}
        </Link>
      </div>
    </AccountPage>
  );
}

export const UpdateEmailScreen = () => <UpdateContactScreen phone={false} />;
export const UpdateMsisdnScreen = () => <UpdateContactScreen phone />;
