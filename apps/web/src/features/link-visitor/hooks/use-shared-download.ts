import { useCallback } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import { startDownload } from '@/lib/download';
import { useDownloadSharedFilesMutation, visitorHeaders } from '../api';
import { useShareLink } from '../share-token';

/** Download of a link's items: one file as itself, several (or a folder, or everything when none is given) as a zip. */
export function useSharedDownload() {
  const dispatch = useAppDispatch();
  const { token, unlock } = useShareLink();
  const [downloadSharedFiles, state] = useDownloadSharedFilesMutation();

  const download = useCallback(
    async (uuids: readonly string[]) => {
      if (!token) return;
      try {
        const { url } = await downloadSharedFiles({ ...visitorHeaders(token, unlock), body: uuids.length > 0 ? { uuids: [...uuids] } : {} }).unwrap();
        startDownload(url);
      } catch {
        dispatch(showToast({ kind: 'error', messageKey: 'sharedFiles:download_error' }));
      }
    },
    [dispatch, downloadSharedFiles, token, unlock],
  );

  return { download, downloading: state.isLoading };
}
