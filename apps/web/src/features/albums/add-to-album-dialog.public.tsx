import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { useAddFilesToAlbumMutation, useListAlbumsInfiniteQuery, type Album } from './api';
import { albumErrorKey } from './errors';
import { AlbumCounts } from './components/album-counts';
import { AlbumCover } from './components/album-cover';
import styles from './components/albums.module.css';
import { CreateAlbumModal } from './components/create-album-modal';

export interface AddToAlbumDialogProps {
  open: boolean;
  /** The photos and videos to add. */
  uuids: string[];
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}

/** Picks one of the user's active albums (or a new one) and adds the given photos to it. */
export function AddToAlbumDialog({ open, uuids, onOpenChange, onDone }: AddToAlbumDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const albums = useListAlbumsInfiniteQuery('ACTIVE', { skip: !open });
  const [addFiles, { isLoading: adding }] = useAddFilesToAlbumMutation();
  const [pending, setPending] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = albums.data?.pages.flatMap((page) => page.albumList) ?? [];

  // Opened again later, the dialog starts at the album list, not in the inline create step.
  useEffect(() => {
    if (!open) setCreating(false);
  }, [open]);

  const add = async (album: Album) => {
    if (uuids.length === 0 || adding) return;
    setPending(album.uuid);
    try {
      await addFiles({ albumUuid: album.uuid, body: uuids }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'albums:added_to_album', values: { album: album.label } }));
      onOpenChange(false);
      onDone?.();
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, 'albums:add_error') }));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Modal
        open={open && !creating}
        onOpenChange={onOpenChange}
        title={t('albums:add_to_album_title')}
        description={t('albums:add_to_album_description', { count: uuids.length })}
        data-testid="add-to-album-dialog"
      >
        <Button variant="secondary" fullWidth startIcon={<PlusIcon size={18} />} onClick={() => setCreating(true)} data-testid="add-to-new-album">
          {t('albums:new_album')}
        </Button>
        {albums.isLoading ? (
          <div className={styles.centered}>
            <Spinner size={28} label={t('common:loading')} />
          </div>
        ) : albums.isError ? (
          <div className={styles.centered}>
            <p className={styles.muted}>{t('albums:load_error')}</p>
            <Button variant="secondary" onClick={() => void albums.refetch()}>
              {t('common:retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className={`${styles.muted} ${styles.centered}`}>{t('albums:no_albums_yet')}</p>
        ) : (
          <ul className={styles.pickList} aria-label={t('albums:your_albums')}>
            {list.map((album) => (
              <li key={album.uuid}>
                <button
                  type="button"
                  className={styles.pickItem}
                  onClick={() => void add(album)}
                  disabled={adding}
                  aria-busy={pending === album.uuid || undefined}
                  data-testid="add-to-album-item"
                >
                  <AlbumCover cover={album.coverPhoto} className={styles.pickCover} />
                  <span className={styles.pickText}>
                    <bdi className={styles.pickLabel}>{album.label}</bdi>
                    <AlbumCounts album={album} />
                  </span>
                  {pending === album.uuid ? <Spinner size={18} /> : null}
                </button>
              </li>
            ))}
            {albums.hasNextPage ? (
              <li>
                <Button variant="ghost" fullWidth loading={albums.isFetchingNextPage} onClick={() => void albums.fetchNextPage()}>
                  {t('albums:load_more')}
                </Button>
              </li>
            ) : null}
          </ul>
        )}
      </Modal>
      <CreateAlbumModal
        open={open && creating}
        onOpenChange={(next) => {
          if (!next) setCreating(false);
        }}
        title={t('albums:create_title')}
        placeholder={t('albums:create_placeholder')}
        followUp={false}
        onCreated={(album) => void add(album)}
      />
    </>
  );
}
