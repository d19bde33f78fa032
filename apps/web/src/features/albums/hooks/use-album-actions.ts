import { useCallback } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import { startDownload } from '@/lib/download';
import { useDeleteAlbumsMutation, useCreateAlbumZipDownloadMutation, useHideAlbumsMutation, useRecoverAlbumsMutation, useTrashAlbumsMutation } from '../api';
import { albumErrorKey } from '../errors';

/** The one-click album actions with their toasts; each resolves to whether it worked. */
export function useAlbumActions() {
  const dispatch = useAppDispatch();
  const [hideAlbums, hideState] = useHideAlbumsMutation();
  const [trashAlbums, trashState] = useTrashAlbumsMutation();
  const [recoverAlbums, recoverState] = useRecoverAlbumsMutation();
  const [deleteAlbums, deleteState] = useDeleteAlbumsMutation();
  const [downloadAlbum, downloadState] = useCreateAlbumZipDownloadMutation();

  const run = useCallback(
    async (call: () => Promise<unknown>, success: string, failure: string) => {
      try {
        await call();
        dispatch(showToast({ kind: 'success', messageKey: success }));
        return true;
      } catch (error) {
        dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, failure) }));
        return false;
      }
    },
    [dispatch],
  );

  const hide = useCallback((uuid: string) => run(() => hideAlbums([uuid]).unwrap(), 'albums:hidden', 'albums:hide_error'), [run, hideAlbums]);
  const trash = useCallback((uuid: string) => run(() => trashAlbums([uuid]).unwrap(), 'albums:trashed', 'albums:trash_error'), [run, trashAlbums]);
  const recover = useCallback((uuid: string) => run(() => recoverAlbums([uuid]).unwrap(), 'albums:recovered', 'albums:recover_error'), [run, recoverAlbums]);
  const deleteForever = useCallback((uuid: string) => run(() => deleteAlbums([uuid]).unwrap(), 'albums:deleted', 'albums:delete_error'), [run, deleteAlbums]);
  const download = useCallback(
    (uuid: string) =>
      run(
        async () => {
          const url = await downloadAlbum({ albumUuid: uuid }).unwrap();
          startDownload(url);
        },
        'albums:download_started',
        'albums:download_error',
      ),
    [run, downloadAlbum],
  );

  const busy = hideState.isLoading || trashState.isLoading || recoverState.isLoading || deleteState.isLoading || downloadState.isLoading;
  return { hide, trash, recover, deleteForever, download, busy, deleting: deleteState.isLoading };
}
