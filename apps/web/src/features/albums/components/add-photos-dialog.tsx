import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import { fileKind } from '@/media/thumbnail/file-kind';
import { useAddFilesToAlbumMutation, MEDIA_LIBRARY, useListFilesByFieldInfiniteQuery, type Album } from '../api';
import { ADD_FILES_MAX } from '../constants';
import { albumErrorKey } from '../errors';
import styles from './albums.module.css';

/**
 * A picker tile's width (albums.module.css .pickerGrid): three a line on a phone, about 126 px in the 578 px modal,
 * so a desktop screen at 1× takes the small thumbnail and denser screens the big one.
 */
const PICKER_TILE_SIZES = '(max-width: 767.98px) 33vw, 126px';

export interface AddPhotosDialogProps {
  open: boolean;
  album: Pick<Album, 'uuid' | 'label'>;
  onOpenChange: (open: boolean) => void;
}

/** The user's photos and videos, newest first, to pick and add to an album (at most 500 a time, the server's limit). */
export function AddPhotosDialog({ open, album, onOpenChange }: AddPhotosDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const library = useListFilesByFieldInfiniteQuery(MEDIA_LIBRARY, { skip: !open });
  const [addFiles, { isLoading }] = useAddFilesToAlbumMutation();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const items = library.data?.pages.flatMap((page) => page.fileList) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = library;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { sentinel, supported } = useInfiniteScroll<HTMLDivElement>({ hasMore: hasNextPage, loading: isFetchingNextPage, onLoadMore: loadMore, rootMargin: '200px' });

  useEffect(() => {
    if (open) setPicked(new Set());
  }, [open]);

  const toggle = (uuid: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(uuid)) next.delete(uuid);
      else if (next.size < ADD_FILES_MAX) next.add(uuid);
      return next;
    });

  const add = async () => {
    if (picked.size === 0 || isLoading) return;
    try {
      await addFiles({ albumUuid: album.uuid, body: [...picked] }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'albums:added_to_album', values: { album: album.label } }));
      onOpenChange(false);
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, 'albums:add_error') }));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('albums:picker_title', { album: album.label })}
      className={styles.pickerModal}
      data-testid="add-photos-dialog"
      footer={
        <>
          <span className={`${styles.muted} ${styles.pickerCount}`} aria-live="polite" data-testid="add-photos-count">
            {t('albums:selected_count', { count: picked.size })}
          </span>
          <Button onClick={() => void add()} disabled={picked.size === 0} loading={isLoading} data-testid="add-photos-submit">
            {t('albums:picker_add')}
          </Button>
        </>
      }
    >
      {library.isLoading ? (
        <div className={styles.centered}>
          <Spinner size={28} label={t('common:loading')} />
        </div>
      ) : library.isError ? (
        <div className={styles.centered} role="alert">
          <p className={styles.muted}>{t('albums:load_error')}</p>
          <Button variant="secondary" onClick={() => void library.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className={`${styles.muted} ${styles.centered}`}>{t('albums:picker_empty')}</p>
      ) : (
        <div className={styles.pickerScroll}>
          <ul className={styles.pickerGrid}>
            {items.map((item) => {
              const on = picked.has(item.uuid);
              return (
                <li key={item.uuid}>
                  <button
                    type="button"
                    className={styles.pickerTile}
                    aria-pressed={on}
                    aria-label={t('albums:select_photo', { name: item.name })}
                    onClick={() => toggle(item.uuid)}
                    data-testid="add-photos-item"
                  >
                    <FileThumbnail item={item} kind={fileKind(item)} variant="grid" sizes={PICKER_TILE_SIZES} />
                    <span className={styles.pickerCheck} aria-hidden="true">
                      {on ? <CheckIcon size={14} /> : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {hasNextPage ? (
            <div ref={sentinel} className={styles.centered}>
              {supported ? (
                isFetchingNextPage ? <Spinner size={22} /> : null
              ) : (
                <Button variant="secondary" loading={isFetchingNextPage} onClick={loadMore}>
                  {t('albums:load_more')}
                </Button>
              )}
            </div>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
