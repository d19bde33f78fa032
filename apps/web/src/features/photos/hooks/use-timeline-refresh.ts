import { useEffect, useRef } from 'react';
import { baseApi } from '@/api/base-api';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { MEDIA_POLL_MS } from '@/media/media-item';
import { needsRefresh, refreshHandled } from '../photos-slice';

/**
 * Keeps the timeline current: reads the groups again (tag Group) after a favourite, delete, hide or rename
 * anywhere (the photo-state refresh flags), when uploads finish, and every few seconds while photos near the
 * viewport are still being processed.
 */
export function useTimelineRefresh(pendingVisible: boolean) {
  const dispatch = useAppDispatch();
  const refresh = useAppSelector((state) => needsRefresh(state.photos));
  const uploaded = useAppSelector((state) => state.upload.filesUploaded.length);
  const seenUploads = useRef(uploaded);

  useEffect(() => {
    if (!refresh) return;
    dispatch(baseApi.util.invalidateTags(['Group']));
    dispatch(refreshHandled());
  }, [dispatch, refresh]);

  useEffect(() => {
    if (uploaded > seenUploads.current) dispatch(baseApi.util.invalidateTags(['Group']));
    seenUploads.current = uploaded;
  }, [dispatch, uploaded]);

  useEffect(() => {
    if (!pendingVisible) return undefined;
    const timer = window.setInterval(() => dispatch(baseApi.util.invalidateTags(['Group'])), MEDIA_POLL_MS);
    return () => window.clearInterval(timer);
  }, [dispatch, pendingVisible]);
}
