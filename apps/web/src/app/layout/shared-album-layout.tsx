import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { hasSession } from '@/api/session';
import { LanguageSelect } from '@/components/language-select';
import { loginReturningTo, paths } from '@/config/paths';
import { changeLanguage, currentLanguage } from '@/i18n/i18n';
import { VisitorAccountCard } from '@/features/account/components/visitor-account-card';
import { Shell } from './main-layout';
import styles from './shared-files-layout.module.css';

/**
 * /sharedAlbum (a live person or place link, issue 35), with or without a session: the app's shell with the
 * shared-files header rules (no search, no NEW) and, for an anonymous visitor, no side menu and a sign-up card.
 */
export function SharedAlbumLayout() {
  // Re-renders on a language change, so the picker shows the new one.
  useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = hasSession();
  // Signing in or up comes back to this link.
  const back = `${location.pathname}${location.search}`;
  return (
    <>
      {/* The link's token is in this page's address: no request from here may carry it away as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      <Shell
        signedIn={signedIn}
        visitorAccount={
          <div className={styles.visitorTools}>
            <LanguageSelect
              value={currentLanguage()}
              onChange={(language) => void changeLanguage(language)}
              hideLabel
              className={styles.language}
              data-testid="language-picker"
            />
            <VisitorAccountCard
              onSignUp={() => navigate(`${paths.signup}?next=${encodeURIComponent(back)}`)}
              onSignIn={() => navigate(loginReturningTo(back))}
            />
          </div>
        }
      />
    </>
  );
}
