import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { hasSession } from '@/api/session';
import { paths } from '@/config/paths';
import { ListingLoading } from '@/features/files/file-listing.public';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { saveRequested } from '../share-slice';
import { sharedFilesPath, useShareLink } from '../share-token';

/**
 * /sharedFiles/save?token=…: "Save to Bulut" of the light visitor page (issue 36), a plain link into the app. A
 * signed-in visitor lands on the link's page, which saves everything at once; a signed-out one goes through sign-in
 * or sign-up first, and the link's page finishes the save on return (the same way as the app's own button).
 */
export function SaveHandoff() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = useShareLink();
  const authPage = useAppSelector((state) => state.share.authPage);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!token) {
      navigate(paths.home, { replace: true });
      return;
    }
    dispatch(saveRequested());
    navigate(sharedFilesPath(token, hasSession() ? '' : authPage), { replace: true });
  }, [authPage, dispatch, navigate, token]);
  return <ListingLoading />;
}
