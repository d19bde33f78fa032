import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasSession } from '@/api/session';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { saveResultDismissed, setAuthPage, setBannerStatus } from '../share-slice';
import { sharedFilesPath } from '../share-token';
import styles from './shared-files.module.css';

/** The outcome of "Save to Bulut" (share state saveSharedSuccess / saveSharedError), until the visitor closes it. */
export function SaveResult() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const success = useAppSelector((state) => state.share.saveSharedSuccess);
  const error = useAppSelector((state) => state.share.saveSharedError);
  if (!success && !error) return null;
  const close = (
    <Button variant="link" onClick={() => dispatch(saveResultDismissed())}>
      {t('common:close')}
    </Button>
  );
  if (success) {
    return (
      <Alert tone="success" data-testid="save-shared-success">
        <span className={styles.result}>
          {t('sharedFiles:save_success')}
          <Link to={paths.files}>{t('sharedFiles:open_my_files')}</Link>
          {close}
        </span>
      </Alert>
    );
  }
  return (
    <Alert tone="error" data-testid="save-shared-error">
      <span className={styles.result}>
        {error === 'QUOTA_EXCEEDED' ? t('sharedFiles:save_quota') : t('sharedFiles:save_error')}
        {close}
      </span>
    </Alert>
  );
}

/** For signed-out visitors: what an account would give them, until closed for this visit (share state bannerStatus). */
export function SignUpBanner({ token }: { token: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => state.share.bannerStatus);
  if (!open || hasSession()) return null;
  return (
    <aside className={styles.banner} aria-label={t('sharedFiles:banner_label')} data-testid="shared-signup-banner">
      <p className={styles.bannerText}>{t('sharedFiles:banner_text')}</p>
      <Button
        size="sm"
        onClick={() => {
          dispatch(setAuthPage('signup'));
          navigate(sharedFilesPath(token, 'signup'));
        }}
      >
        {t('sharedFiles:sign_up')}
      </Button>
      <button type="button" className={styles.bannerClose} onClick={() => dispatch(setBannerStatus(false))} aria-label={t('sharedFiles:banner_close')}>
        <CloseIcon size={18} />
      </button>
    </aside>
  );
}
