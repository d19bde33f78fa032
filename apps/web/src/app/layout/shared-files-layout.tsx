import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { hasSession } from '@/api/session';
import { LanguageSelect } from '@/components/language-select';
import { changeLanguage, currentLanguage } from '@/i18n/i18n';
import { VisitorAccountCard } from '@/features/account/components/visitor-account-card';
import { SharedFilesActions } from '@/features/link-visitor/components/shared-files-actions';
import { setAuthPage } from '@/features/link-visitor/share-slice';
import { sharedFilesPath, useShareLink } from '@/features/link-visitor/share-token';
import { useAppDispatch } from '@/state/hooks';
import { Shell } from './main-layout';
import styles from './shared-files-layout.module.css';

const renderActions = (variant: 'button' | 'icon') => <SharedFilesActions variant={variant} />;

/**
 * /sharedFiles and its children, with or without a session: the app's shell with the shared-files header (Save to
 * Bulut, Download or Download All; no search, no NEW) and, for an anonymous visitor, no side menu and a sign-up card.
 */
export function SharedFilesLayout() {
  // Re-renders on a language change, so the picker shows the new one.
  useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Read on every navigation: signing in under /sharedFiles/login keeps this layout mounted.
  useLocation();
  const signedIn = hasSession();
  const { token } = useShareLink();
  const go = useCallback(
    (page: 'login' | 'signup') => {
      dispatch(setAuthPage(page));
      navigate(sharedFilesPath(token, page));
    },
    [dispatch, navigate, token],
  );
  return (
    <>
      {/* The link's token is in this page's address: no request from here may carry it away as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      <Shell
        signedIn={signedIn}
        pageAction={renderActions}
        visitorAccount={
          // The sign-in page's language picker: a visitor has no settings page to choose one in.
          <div className={styles.visitorTools}>
            <LanguageSelect
              value={currentLanguage()}
              onChange={(language) => void changeLanguage(language)}
              hideLabel
              className={styles.language}
              data-testid="language-picker"
            />
            <VisitorAccountCard onSignUp={() => go('signup')} onSignIn={() => go('login')} />
          </div>
        }
      />
    </>
  );
}
