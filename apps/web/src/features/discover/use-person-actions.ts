import { useCallback } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import {
  useHidePeopleMutation,
  useRecoverPeopleMutation,
  useRemovePhotosFromPersonMutation,
  useRenamePersonMutation,
  useSetPersonThumbnailMutation,
  useUpdatePersonMutation,
} from './api';

/** The person calls with their toasts; each resolves to whether it worked. */
export function usePersonActions() {
  const dispatch = useAppDispatch();
  const [rename, renameState] = useRenamePersonMutation();
  const [update, updateState] = useUpdatePersonMutation();
  const [hide, hideState] = useHidePeopleMutation();
  const [recover, recoverState] = useRecoverPeopleMutation();
  const [removePhotos, removeState] = useRemovePhotosFromPersonMutation();
  const [setThumbnail, thumbnailState] = useSetPersonThumbnailMutation();

  const run = useCallback(
    async (call: () => Promise<unknown>, doneKey: string) => {
      try {
        await call();
        dispatch(showToast({ kind: 'success', messageKey: doneKey }));
        return true;
      } catch {
        dispatch(showToast({ kind: 'error', messageKey: 'discover:action_error' }));
        return false;
      }
    },
    [dispatch],
  );

  return {
    busy:
      renameState.isLoading ||
      updateState.isLoading ||
      hideState.isLoading ||
      recoverState.isLoading ||
      removeState.isLoading ||
      thumbnailState.isLoading,
    merging: updateState.isLoading,
    rename: (personId: string, label: string) => run(() => rename({ personId, body: { label } }).unwrap(), 'discover:renamed'),
    merge: (id: string, into: string) => run(() => update({ id, body: { mergeInto: into } }).unwrap(), 'discover:merged'),
    hide: (ids: string[]) => run(() => hide(ids).unwrap(), 'discover:hidden_done'),
    recover: (ids: string[]) => run(() => recover(ids).unwrap(), 'discover:recovered'),
    removePhotos: (id: string, uuids: string[]) => run(() => removePhotos({ id, body: uuids }).unwrap(), 'discover:removed_from_person'),
    setCover: (id: string, uuid: string) => run(() => setThumbnail({ id, body: { uuid } }).unwrap(), 'discover:cover_set'),
  };
}
