import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AlbumActionKey } from '../album-menu-actions';
import type { Album } from '../api';
import { useAlbumActions } from '../hooks/use-album-actions';
import { RenameAlbumDialog } from './rename-album-dialog';

/**
 * Runs an album menu choice: one-click actions at once, rename through its dialog, delete forever after a
 * confirmation. `onGone` hears of an album that left the current view (hidden, trashed, recovered, deleted).
 */
export function useAlbumMenu(onGone?: (album: Album, action: AlbumActionKey) => void): {
  onAction: (album: Album, key: AlbumActionKey) => void;
  busy: boolean;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const actions = useAlbumActions();
  const [renaming, setRenaming] = useState<Album | null>(null);
  const [deleting, setDeleting] = useState<Album | null>(null);

  const onAction = useCallback(
    (album: Album, key: AlbumActionKey) => {
      const gone = (ok: boolean) => {
        if (ok) onGone?.(album, key);
      };
      switch (key) {
        case 'rename':
          setRenaming(album);
          break;
        case 'download':
          void actions.download(album.uuid);
          break;
        case 'hide':
          void actions.hide(album.uuid).then(gone);
          break;
        case 'trash':
          void actions.trash(album.uuid).then(gone);
          break;
        case 'recover':
          void actions.recover(album.uuid).then(gone);
          break;
        case 'deleteForever':
          setDeleting(album);
          break;
      }
    },
    [actions, onGone],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const album = deleting;
    const ok = await actions.deleteForever(album.uuid);
    setDeleting(null);
    if (ok) onGone?.(album, 'deleteForever');
  };

  const dialogs = (
    <>
      <RenameAlbumDialog album={renaming} onClose={() => setRenaming(null)} />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('albums:delete_title', { name: deleting?.label ?? '' })}
        description={t('albums:delete_description')}
        confirmLabel={t('albums:action_delete_forever')}
        onConfirm={() => void confirmDelete()}
        loading={actions.deleting}
        danger
        data-testid="album-delete-confirm"
      />
    </>
  );

  return { onAction, busy: actions.busy, dialogs };
}
