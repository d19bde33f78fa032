import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { albumFollowUpCleared, type AlbumLocationState } from '../albums-slice';
import { albumPath } from '@/config/paths';
import { OPEN_MODAL_PARAM } from '../constants';

// Loaded when first opened: the shell is on every signed-in page and most visits never create an album.
const CreateAlbumModal = lazy(() => import('./create-album-modal').then((m) => ({ default: m.CreateAlbumModal })));

/**
 * The signed-in area's create-album modal: opened by the NEW menu or by `?openModal` on any /main URL (the
 * parameter is removed once read). When the follow-up flag is set by a creation, the new album opens at once
 * (its screen then shows the photo picker).
 */
export function useCreateAlbumHost() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const followUp = useAppSelector((state) => state.albums.followUpAlbumUuid);

  useEffect(() => {
    if (!params.has(OPEN_MODAL_PARAM)) return;
    setOpen(true);
    const rest = new URLSearchParams(params);
    rest.delete(OPEN_MODAL_PARAM);
    setParams(rest, { replace: true });
  }, [params, setParams]);

  // The flag is consumed here at once, so a missing album can never pull the user back later.
  useEffect(() => {
    if (!followUp) return;
    dispatch(albumFollowUpCleared());
    navigate(albumPath(followUp), { state: { addPhotos: true } satisfies AlbumLocationState });
  }, [followUp, navigate, dispatch]);

  const openCreateAlbum = useCallback(() => setOpen(true), []);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  // Mounted from the first opening on, so the dialog can play its closing animation like any other.
  const element = used ? (
    <Suspense fallback={null}>
      <CreateAlbumModal open={open} onOpenChange={setOpen} title={t('albums:create_title')} placeholder={t('albums:create_placeholder')} />
    </Suspense>
  ) : null;
  return { openCreateAlbum, element };
}
