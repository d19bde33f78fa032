import { useState } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { apiErrorCode } from '@/api/errors';
import { showToast } from '@/components/ui/toast-slice';
import { albumPath } from '@/config/paths';
import { itemTarget } from '@/features/files/item-target.public';
import type { ShareTarget } from '@/media/slots';
import { useDeleteForyouItemMutation, useDeleteStoryMutation, useSaveForyouItemMutation, useSaveStoryMutation, type ForyouItem } from './api';
import { useForyouTranslation } from './use-foryou-translation';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/png': 'png', 'image/gif': 'gif', 'video/mp4': 'mp4' };

interface Saved {
  fileUuid: string | null;
  albumUuid: string | null;
  name: string;
}

/**
 * Save, delete and share for an opened item. Save keeps it (a rendered result becomes a file named in the reader's
 * language, a generated album an album, a story stays); Share saves first when needed, then opens the app's share
 * dialog on the saved file or album; Delete dismisses it on the server. Each says how it went in a toast.
 */
export function useItemActions(item: ForyouItem, projectId: string | null, onDeleted: () => void) {
  const { t } = useForyouTranslation();
  const dispatch = useAppDispatch();
  const [saveItem, saveState] = useSaveForyouItemMutation();
  const [saveStory, storyState] = useSaveStoryMutation();
  const [deleteItem, deleteState] = useDeleteForyouItemMutation();
  const [deleteStory, deleteStoryState] = useDeleteStoryMutation();
  const [saved, setSaved] = useState<Saved | null>(
    item.savedFileUuid || item.savedAlbumUuid ? { fileUuid: item.savedFileUuid, albumUuid: item.savedAlbumUuid, name: t(`foryou:kind.${item.kind}`) } : null,
  );
  const [share, setShare] = useState<ShareTarget | null>(null);

  const failed = (error: unknown) =>
    dispatch(showToast({ kind: 'error', messageKey: apiErrorCode(error) === 'QUOTA_EXCEEDED' ? 'foryou:quota_full' : 'foryou:action_failed' }));

  /** The new file's name: "<kind> from <day>.<ext>", the day as YYYY-MM-DD so any file system takes it. */
  const fileName = () => {
    const ext = EXTENSIONS[item.media?.contentType ?? ''] ?? 'jpg';
    const day = new Date(item.createdDate).toISOString().slice(0, 10);
    return `${t('foryou:file_name', { kind: t(`foryou:kind.${item.kind}`), date: day })}.${ext}`;
  };

  async function save(quiet = false): Promise<Saved | null> {
    if (saved) return saved;
    try {
      const name = item.media ? fileName() : t(`foryou:kind.${item.kind}`);
      const result = item.kind === 'STORY' ? await saveStory(item.id).unwrap() : await saveItem({ id: item.id, body: item.media ? { name } : {} }).unwrap();
      const next = { fileUuid: result.savedFileUuid, albumUuid: result.savedAlbumUuid, name };
      setSaved(next);
      if (!quiet) {
        if (next.fileUuid)
          dispatch(
            showToast({
              kind: 'success',
              messageKey: 'foryou:saved_file',
              values: { name },
              link: { to: itemTarget({ uuid: next.fileUuid, folder: false, parentFolderUuid: null }).to, labelKey: 'foryou:show_in_files' },
            }),
          );
        else if (next.albumUuid) dispatch(showToast({ kind: 'success', messageKey: 'foryou:saved_album', link: { to: albumPath(next.albumUuid), labelKey: 'foryou:show_album' } }));
        else dispatch(showToast({ kind: 'success', messageKey: 'foryou:saved_story' }));
      }
      return next;
    } catch (error) {
      failed(error);
      return null;
    }
  }

  async function startShare() {
    const kept = await save(true);
    if (!kept) return;
    if (kept.fileUuid && projectId) setShare({ kind: 'items', items: [{ uuid: kept.fileUuid, projectId, name: kept.name, folder: false }] });
    else if (kept.albumUuid) setShare({ kind: 'album', uuid: kept.albumUuid, name: kept.name });
    else failed(null);
  }

  async function remove(): Promise<boolean> {
    try {
      if (item.kind === 'STORY') await deleteStory(item.id).unwrap();
      else await deleteItem(item.id).unwrap();
      dispatch(showToast({ kind: 'plain', messageKey: 'foryou:deleted' }));
      onDeleted();
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  return {
    saved,
    save: () => void save(),
    share: () => void startShare(),
    remove,
    shareTarget: share,
    closeShare: () => setShare(null),
    saving: saveState.isLoading || storyState.isLoading,
    deleting: deleteState.isLoading || deleteStoryState.isLoading,
  };
}
