import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { AuthLinksProvider } from '@/features/auth/auth-links.public';
import { saveAbandoned, setAuthPage } from '../share-slice';
import { sharedFilesPath, useShareLink } from '../share-token';
import styles from './shared-files.module.css';

/**
 * Sign-in and sign-up inside the shared-files layout: the screens link to each other under /sharedFiles (the link's
 * token kept), say why they ask when a save is waiting (share state stlPage), and lead back to the link.
 */
export function SharedAuthFrame() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { token } = useShareLink();
  const stlPage = useAppSelector((state) => state.share.stlPage);
  const onSignup = useMatch('/sharedFiles/signup') !== null;

  // The screen shown is the one "Save to Bulut" opens next time.
  useEffect(() => {
    dispatch(setAuthPage(onSignup ? 'signup' : 'login'));
  }, [dispatch, onSignup]);

  return (
    <AuthLinksProvider links={{ login: sharedFilesPath(token, 'login'), signup: sharedFilesPath(token, 'signup'), forgotPassword: sharedFilesPath(token, 'forgotmypassword') }}>
      <div className={styles.authFrame}>
        {stlPage ? (
          <Alert tone="info" className={styles.authNote} data-testid="save-sign-in-note">
            {t('sharedFiles:sign_in_to_save')}
          </Alert>
        ) : null}
        <Outlet />
        {token ? (
          <Link to={sharedFilesPath(token)} onClick={() => dispatch(saveAbandoned())}>
            {t('sharedFiles:back_to_link')}
          </Link>
        ) : null}
      </div>
    </AuthLinksProvider>
  );
}
