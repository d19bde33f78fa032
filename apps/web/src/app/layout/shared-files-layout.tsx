import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasSession } from '@/api/session';
import { VisitorAccountCard } from '@/features/account/components/visitor-account-card';
import { SharedFilesActions } from '@/features/shared-files/components/shared-files-actions';
import { setAuthPage } from '@/features/shared-files/share-slice';
import { sharedFilesPath, useShareLink } from '@/features/shared-files/share-token';
import { useAppDispatch } from '../hooks';
import { Shell } from './main-layout';

const renderActions = (variant: 'button' | 'icon') => <SharedFilesActions variant={variant} />;

/**
 * /sharedFiles and its children, with or without a session: the app's shell with the shared-files header (Save to
 * Bulut, Download or Download All; no search, no NEW) and, for an anonymous visitor, no side menu and a sign-up card.
 */
export function SharedFilesLayout() {
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
        visitorAccount={<VisitorAccountCard onSignUp={() => go('signup')} onSignIn={() => go('login')} />}
      />
    </>
  );
}
