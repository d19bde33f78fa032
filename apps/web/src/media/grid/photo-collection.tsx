import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { DownloadIcon, PlusIcon, ZipIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { downloadsAsZip } from '../actions/downloads';
import { useFileActions } from '../actions/use-file-actions';
import { SelectionBar, type SelectionBarAction } from '../selection/selection-bar';
import { AddToAlbumSlot, useMediaSlots } from '../slots';
import { PhotoViewer } from '../viewer/photo-viewer';
import type { ViewerMenuAction } from '../viewer/viewer-actions';
import { PhotoGrid } from './photo-grid';
import type { usePagedPhotos } from './use-paged-photos';

export interface PhotoCollectionProps {
  /** The collection's state (usePagedPhotos). */
  photos: ReturnType<typeof usePagedPhotos>;
  hasMore: boolean;
  /** Photos and videos in the whole collection (the viewer's counter while pages remain to load). */
  count: number;
  /** The screen's own selection actions, before and after the shared download and add-to-album. */
  leadingActions?: readonly SelectionBarAction[];
  trailingActions?: readonly SelectionBarAction[];
  testIds: { selectionBar: string; download: string; addToAlbum: string };
  /** Shown instead of the grid when the collection has nothing. */
  empty: ReactNode;
  /** Delete pressed on a tile. */
  onDeleteKey?: (uuid: string) => void;
  viewerActions?: readonly ViewerMenuAction[];
}

/**
 * A paged photo collection (an album, a person, a place, a thing): the selection bar with download and add to album
 * besides the screen's actions, the justified grid (or its empty state) and the viewer whose photo is in the URL.
 */
export function PhotoCollection({
  photos,
  hasMore,
  count,
  leadingActions = [],
  trailingActions = [],
  testIds,
  empty,
  onDeleteKey,
  viewerActions,
}: PhotoCollectionProps) {
  const { t } = useTranslation();
  const { items, selection, selected, selectedItems, drop, viewerIndex, openAt, loadMore } = photos;
  const [addingTo, setAddingTo] = useState(false);
  const { AddToAlbum } = useMediaSlots();
  const fileActions = useFileActions();
  const selecting = selection.selected.length > 0;

  const actions: SelectionBarAction[] = [
    ...leadingActions,
    {
      key: 'download',
      label: t('albums:action_download'),
      icon: downloadsAsZip(selectedItems) ? <ZipIcon size={18} /> : <DownloadIcon size={18} />,
      testId: testIds.download,
      disabled: fileActions.busy,
      onClick: () => void fileActions.download(selectedItems),
    },
    ...(AddToAlbum
      ? [{ key: 'album', label: t('viewer:add_to_album'), icon: <PlusIcon size={18} />, testId: testIds.addToAlbum, onClick: () => setAddingTo(true) }]
      : []),
    ...trailingActions,
  ];

  return (
    <>
      {selecting ? (
        <SelectionBar
          count={selection.selected.length}
          total={items.length}
          actions={actions}
          onSelectAll={photos.selectAll}
          onClear={photos.clearSelection}
          testId={testIds.selectionBar}
        />
      ) : null}
      {items.length === 0 && !hasMore ? (
        empty
      ) : (
        <PhotoGrid
          items={items}
          hasMore={hasMore}
          onLoadMore={loadMore}
          selected={selected}
          onToggleSelect={photos.toggleSelect}
          onOpen={openAt}
          selectionMode={selecting}
          onDeleteKey={onDeleteKey}
          handleRef={photos.gridRef}
        />
      )}
      {viewerIndex >= 0 ? (
        <PhotoViewer
          items={items}
          index={viewerIndex}
          total={hasMore ? Math.max(count, items.length) : items.length}
          onIndexChange={openAt}
          onClose={photos.closeViewer}
          onNeedMore={loadMore}
          menuActions={viewerActions}
          onItemRemoved={(photo) => drop([photo])}
        />
      ) : null}
      <AddToAlbumSlot open={addingTo} uuids={selection.selected} onOpenChange={setAddingTo} onDone={photos.clearSelection} />
    </>
  );
}

export interface CollectionUnavailableProps {
  query: { isLoading: boolean; isSuccess: boolean; error?: unknown; refetch: () => unknown };
  /** The screen's own classes for the page, a centred state and muted text. */
  classes: { screen?: string; centered?: string; muted?: string };
  /** The way back, above a missing collection or a load error. */
  back: ReactNode;
  notFound: ReactNode;
  loadError: string;
}

/**
 * A collection page before its collection is there: loading, not found, or a load error with Retry. An id no
 * collection can have (the server refuses it as malformed) is as missing as a deleted one: never a load error.
 */
export function CollectionUnavailable({ query, classes, back, notFound, loadError }: CollectionUnavailableProps) {
  const { t } = useTranslation();
  if (query.isLoading) {
    return (
      <div className={classes.centered}>
        <Spinner size={32} label={t('common:loading')} />
      </div>
    );
  }
  const code = apiErrorCode(query.error);
  const missing = code === 'NOT_FOUND' || code === 'VALIDATION_ERROR' || query.isSuccess;
  return (
    <div className={classes.screen}>
      {back}
      {missing ? (
        notFound
      ) : (
        <div className={classes.centered} role="alert">
          <p className={classes.muted}>{loadError}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
