import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiErrorCode } from '@/api/errors';
import type { Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/generated/files';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, ImageIcon, PlusIcon, ZipIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { downloadsAsZip } from '@/media/actions/downloads';
import { useFileActions } from '@/media/actions/use-file-actions';
import { PhotoGrid } from '@/media/grid/photo-grid';
import type { SelectModifiers } from '@/media/grid/photo-tile';
import { useTileFocusReturn } from '@/media/grid/use-tile-focus-return';
import type { VirtualPhotoListHandle } from '@/media/grid/virtual-photo-list';
import { applySelect, EMPTY_SELECTION, type Selection } from '@/media/selection/selection';
import { SelectionBar, type SelectionBarAction } from '@/media/selection/selection-bar';
import { useMaxSelectCount } from '@/media/selection/selection-limit';
import { AddToAlbumSlot, useMediaSlots } from '@/media/slots';
import { PhotoViewer } from '@/media/viewer/photo-viewer';
import type { ViewerMenuAction } from '@/media/viewer/viewer-actions';
import { useViewerUrl } from '@/media/viewer/use-viewer-url';
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
  const dispatch = useAppDispatch();
  const detail = useGetEntityAlbumInfiniteQuery({ contentType, id }, { skip: !id });
  const album = detail.data?.pages[0]?.album ?? null;
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(
    () => (detail.data?.pages.flatMap((page) => page.fileList) ?? []).filter((item) => !removed.has(item.uuid)),
    [detail.data, removed],
  );
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [addingTo, setAddingTo] = useState(false);
  const { AddToAlbum } = useMediaSlots();
  const viewerUrl = useViewerUrl();
  const gridRef = useRef<VirtualPhotoListHandle>(null);
  const max = useMaxSelectCount();
  const fileActions = useFileActions();
  const { hasNextPage, fetchNextPage } = detail;

  useEffect(() => {
    setSelection(EMPTY_SELECTION);
    setRemoved(new Set());
  }, [id]);

  const selected = useMemo(() => new Set(selection.selected), [selection.selected]);
  const selectedItems = useMemo(() => items.filter((item) => selected.has(item.uuid)), [items, selected]);
  const order = useMemo(() => items.map((item) => item.uuid), [items]);

  const toggleSelect = useCallback(
    (photo: string, event: SelectModifiers) => {
      setSelection((current) => {
        const { selection: next, capped } = applySelect(current, order, photo, event.shiftKey ? 'range' : 'toggle', max);
        if (capped)
          dispatch(
            showToast({
              kind: 'alert',
              messageKey: 'files:select_capped',
              values: { count: max },
            }),
          );
        return next;
      });
    },
    [order, max, dispatch],
  );

  const loadMore = useCallback(() => {
    if (hasNextPage) void fetchNextPage();
  }, [hasNextPage, fetchNextPage]);

  const drop = useCallback((uuids: readonly string[]) => {
    setRemoved((current) => new Set([...current, ...uuids]));
    setSelection((current) => ({
      ...current,
      selected: current.selected.filter((uuid) => !uuids.includes(uuid)),
    }));
  }, []);

  const openUuid = viewerUrl.uuid;
  const viewerIndex = openUuid ? items.findIndex((item) => item.uuid === openUuid) : -1;
  const lastIndex = useRef(0);
  if (viewerIndex >= 0) lastIndex.current = viewerIndex;
  const { show: showInUrl, close: closeViewer } = viewerUrl;
  const loaded = detail.isSuccess && !detail.isFetching;
  useEffect(() => {
    if (openUuid === null || viewerIndex >= 0 || !loaded) return;
    // Taken out from the viewer: its successor takes its place. Not loaded yet (a reload deep in the list): load on.
    if (removed.has(openUuid)) {
      const next = items[Math.min(lastIndex.current, items.length - 1)];
      if (next) showInUrl(next.uuid);
      else closeViewer();
    } else if (hasNextPage) void fetchNextPage();
    else closeViewer();
  }, [openUuid, viewerIndex, loaded, removed, items, hasNextPage, fetchNextPage, showInUrl, closeViewer]);
  useTileFocusReturn(viewerIndex, items, items, gridRef);

  const openAt = useCallback(
    (index: number) => {
      const item = items[index];
      if (item) showInUrl(item.uuid);
    },
    [items, showInUrl],
  );

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
          onSelectAll={() =>
            setSelection({
              selected: order.slice(0, max),
              anchor: order[0] ?? null,
            })
          }
          onClear={() => setSelection(EMPTY_SELECTION)}
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
          onToggleSelect={toggleSelect}
          onOpen={openAt}
          selectionMode={selection.selected.length > 0}
          handleRef={gridRef}
        />
      )}
      {viewerIndex >= 0 ? (
        <PhotoViewer
          items={items}
          index={viewerIndex}
          total={hasNextPage ? Math.max(count, items.length) : items.length}
          onIndexChange={openAt}
          onClose={closeViewer}
          onNeedMore={loadMore}
          menuActions={viewerActions}
          onItemRemoved={(photo) => drop([photo])}
        />
      ) : null}
      <AddToAlbumSlot open={addingTo} uuids={selection.selected} onOpenChange={setAddingTo} onDone={() => setSelection(EMPTY_SELECTION)} />
    </div>
  );
}
