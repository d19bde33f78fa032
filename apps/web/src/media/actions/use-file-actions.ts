import { useCallback } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import { startDownload } from '@/lib/download';
import {
  useCreateZipDownloadMutation,
  useLazyCreateDownloadUrlsQuery,
  useHideFilesMutation,
  useSetFavouriteMutation,
  useTrashFilesMutation,
  type FileItem,
} from '@/api/files';
import { fileErrorKey } from './file-errors';
import { downloadsAsZip } from './downloads';

/** The one-click actions on a set of items, each with its success or error toast. */
export function useFileActions() {
  const dispatch = useAppDispatch();
  const [createDownloadUrls, downloadState] = useLazyCreateDownloadUrlsQuery();
  const [downloadZip, zipState] = useCreateZipDownloadMutation();
  const [setFavourite, favouriteState] = useSetFavouriteMutation();
  const [hideFiles, hideState] = useHideFilesMutation();
  const [trashFiles, trashState] = useTrashFilesMutation();

  const toast = useCallback(
    (kind: 'success' | 'error', messageKey: string, values?: Record<string, string | number>) =>
      dispatch(showToast({ kind, messageKey, values })),
    [dispatch],
  );

  const download = useCallback(
    async (items: readonly FileItem[]) => {
      if (items.length === 0) return;
      try {
        if (downloadsAsZip(items)) {
          const url = await downloadZip(items.map((item) => item.uuid)).unwrap();
          startDownload(url);
          toast('success', 'files:zip_started');
        } else {
          const [item] = items;
          const urls = await createDownloadUrls([{ projectId: item!.projectId, uuid: item!.uuid }]).unwrap();
          const entry = urls.find((candidate) => candidate.uuid === item!.uuid) ?? urls[0];
          if (!entry?.url) throw new Error('No download URL');
          startDownload(entry.url);
        }
      } catch (error) {
        toast('error', fileErrorKey(error, 'files:download_error'));
      }
    },
    [createDownloadUrls, downloadZip, toast],
  );

  const favourite = useCallback(
    async (items: readonly FileItem[], value: boolean) => {
      try {
        await setFavourite({ uuids: items.map((item) => item.uuid), favourite: value }).unwrap();
        toast('success', value ? 'files:favourite_added' : 'files:favourite_removed');
      } catch (error) {
        toast('error', fileErrorKey(error, 'files:favourite_error'));
      }
    },
    [setFavourite, toast],
  );

  const hide = useCallback(
    async (items: readonly FileItem[]) => {
      try {
        await hideFiles(items.map((item) => item.uuid)).unwrap();
        toast('success', 'files:hidden');
      } catch (error) {
        toast('error', fileErrorKey(error, 'files:hide_error'));
      }
    },
    [hideFiles, toast],
  );

  /** Resolves to whether the items went to the trash. */
  const trash = useCallback(
    async (items: readonly FileItem[]) => {
      try {
        await trashFiles(items.map((item) => item.uuid)).unwrap();
        toast('success', 'files:trashed');
        return true;
      } catch (error) {
        toast('error', fileErrorKey(error, 'files:trash_error'));
        return false;
      }
    },
    [trashFiles, toast],
  );

  const busy = downloadState.isFetching || zipState.isLoading || favouriteState.isLoading || hideState.isLoading || trashState.isLoading;
  return { download, favourite, hide, trash, busy };
}
