import { useState, type ReactNode } from 'react';
import { apiErrorCode } from '@/api/errors';
import type { Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/generated/files';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, ImageIcon, PlusIcon, ZipIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { downloadsAsZip } from '@/media/actions/downloads';
import { useFileActions } from '@/media/actions/use-file-actions';
import { PhotoGrid } from '@/media/grid/photo-grid';
import { usePagedPhotos } from '@/media/grid/use-paged-photos';
import { SelectionBar, type SelectionBarAction } from '@/media/selection/selection-bar';
import { AddToAlbumSlot, useMediaSlots } from '@/media/slots';
import { PhotoViewer } from '@/media/viewer/photo-viewer';
import type { ViewerMenuAction } from '@/media/viewer/viewer-actions';
import { useGetEntityAlbumInfiniteQuery, type EntityContentType } from '../api';
import { useDiscoverTranslation } from '../use-discover-translation';
import { BackLink } from './collection';
import styles from './discover.module.css';

export interface EntityPhotosProps {
  contentType: EntityContentType;
  id: string;
  /** The page's header, given the entity as an album. */
  header: (album: Album) => ReactNode;
  /** The screen's own selection actions; `drop` takes photos out of the grid after they left the entity. */
  selectionActions?: (selected: FileItem[], drop: (uuids: readonly string[]) => void) => SelectionBarAction[];
  viewerActions?: readonly ViewerMenuAction[];
  /** Where "back" goes when the entity is missing. */
  backTo?: string;
}

/**
 * A person's, place's or thing's photos (GET /album/{id}?contentType=…): the shared justified grid with selection
 * (download, add to album, the screen's own actions) and the viewer, whose open photo is in the URL as on albums.
 */
export function EntityPhotos({ contentType, id, header, selectionActions, viewerActions, backTo }: EntityPhotosProps) {
  const { t } = useDiscoverTranslation();
  const detail = useGetEntityAlbumInfiniteQuery({ contentType, id }, { skip: !id });
  const album = detail.data?.pages[0]?.album ?? null;
  const photos = usePagedPhotos(detail, id);
  const { items, selection, selected, selectedItems, drop, viewerIndex, openAt, loadMore } = photos;
  const [addingTo, setAddingTo] = useState(false);
  const { AddToAlbum } = useMediaSlots();
  const fileActions = useFileActions();
  const { hasNextPage } = detail;

  if (detail.isLoading) {
    return (
      <div className={styles.centered}>
        <Spinner size={32} label={t('common:loading')} />
      </div>
    );
  }

  if (!album) {
    const code = apiErrorCode(detail.error);
    const missing = code === 'NOT_FOUND' || code === 'VALIDATION_ERROR' || detail.isSuccess;
    return (
      <div className={styles.screen}>
        <header className={styles.header}>
          <BackLink to={backTo} />
        </header>
        {missing ? (
          <EmptyState title={t('discover:not_found')} data-testid="discover-not-found" />
        ) : (
          <div className={styles.centered} role="alert">
            <p className={styles.muted}>{t('discover:load_error')}</p>
            <Button variant="secondary" onClick={() => void detail.refetch()}>
              {t('common:retry')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const count = album.imageCount + album.videoCount;
  const barActions: SelectionBarAction[] = [
    ...(selectionActions?.(selectedItems, drop) ?? []),
    {
      key: 'download',
      label: t('albums:action_download'),
      icon: downloadsAsZip(selectedItems) ? <ZipIcon size={18} /> : <DownloadIcon size={18} />,
      testId: 'discover-action-download',
      disabled: fileActions.busy,
      onClick: () => void fileActions.download(selectedItems),
    },
    ...(AddToAlbum
      ? [
          {
            key: 'album',
            label: t('viewer:add_to_album'),
            icon: <PlusIcon size={18} />,
            testId: 'discover-action-add-to-album',
            onClick: () => setAddingTo(true),
          },
        ]
      : []),
  ];

  return (
    <div className={styles.screen} data-testid="entity-photos">
      {header(album)}
      {selection.selected.length > 0 ? (
        <SelectionBar
          count={selection.selected.length}
          total={items.length}
          actions={barActions}
          onSelectAll={photos.selectAll}
          onClear={photos.clearSelection}
          testId="discover-selection-bar"
        />
      ) : null}
      {items.length === 0 && !hasNextPage ? (
        <EmptyState icon={<ImageIcon size={40} />} title={t('albums:album_empty_title')} />
      ) : (
        <PhotoGrid
          items={items}
          hasMore={Boolean(hasNextPage)}
          onLoadMore={loadMore}
          selected={selected}
          onToggleSelect={photos.toggleSelect}
          onOpen={openAt}
          selectionMode={selection.selected.length > 0}
          handleRef={photos.gridRef}
        />
      )}
      {viewerIndex >= 0 ? (
        <PhotoViewer
          items={items}
          index={viewerIndex}
          total={hasNextPage ? Math.max(count, items.length) : items.length}
          onIndexChange={openAt}
          onClose={photos.closeViewer}
          onNeedMore={loadMore}
          menuActions={viewerActions}
          onItemRemoved={(photo) => drop([photo])}
        />
      ) : null}
      <AddToAlbumSlot open={addingTo} uuids={selection.selected} onOpenChange={setAddingTo} onDone={photos.clearSelection} />
    </div>
  );
}
