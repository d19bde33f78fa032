import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FileItem } from '@/api/generated/files';
import { useAppDispatch } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import { applySelect, EMPTY_SELECTION, type Selection } from '../selection/selection';
import { useMaxSelectCount } from '../selection/selection-limit';
import { useViewerUrl } from '../viewer/use-viewer-url';
import type { SelectModifiers } from './photo-tile';
import { useTileFocusReturn } from './use-tile-focus-return';
import type { VirtualPhotoListHandle } from './virtual-photo-list';

/** What the hook needs of an RTK Query infinite query whose pages carry a `fileList`. */
export interface PagedPhotosQuery {
  data?: { pages: readonly { fileList: readonly FileItem[] }[] };
  isSuccess: boolean;
  isFetching: boolean;
  hasNextPage?: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The state every paged photo collection (an album, a person, a place, a thing) keeps the same way: the loaded
 * photos less those taken out, the selection with its cap, and the viewer whose open photo is in the URL
 * (`?photo=`), so a reload reopens it, Back closes it, and a photo taken out from the viewer hands over to its successor.
 * `key` names the collection: a new one starts with nothing selected or taken out.
 */
export function usePagedPhotos(query: PagedPhotosQuery, key: string) {
  const dispatch = useAppDispatch();
  const max = useMaxSelectCount();
  const viewerUrl = useViewerUrl();
  const gridRef = useRef<VirtualPhotoListHandle>(null);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const { data, isSuccess, isFetching, hasNextPage, fetchNextPage } = query;
  const items = useMemo(
    () => (data?.pages.flatMap((page) => page.fileList) ?? []).filter((item) => !removed.has(item.uuid)),
    [data, removed],
  );

  useEffect(() => {
    setSelection(EMPTY_SELECTION);
    setRemoved(new Set());
  }, [key]);

  const selected = useMemo(() => new Set(selection.selected), [selection.selected]);
  const selectedItems = useMemo(() => items.filter((item) => selected.has(item.uuid)), [items, selected]);
  const order = useMemo(() => items.map((item) => item.uuid), [items]);

  const toggleSelect = useCallback(
    (photo: string, event: SelectModifiers) => {
      setSelection((current) => {
        const { selection: next, capped } = applySelect(current, order, photo, event.shiftKey ? 'range' : 'toggle', max);
        if (capped) dispatch(showToast({ kind: 'alert', messageKey: 'files:select_capped', values: { count: max } }));
        return next;
      });
    },
    [order, max, dispatch],
  );
  const selectAll = useCallback(() => setSelection({ selected: order.slice(0, max), anchor: order[0] ?? null }), [order, max]);
  const clearSelection = useCallback(() => setSelection(EMPTY_SELECTION), []);

  const loadMore = useCallback(() => {
    if (hasNextPage) void fetchNextPage();
  }, [hasNextPage, fetchNextPage]);

  /** Takes photos out of the grid (and the selection) after they left the collection. */
  const drop = useCallback((uuids: readonly string[]) => {
    setRemoved((current) => new Set([...current, ...uuids]));
    setSelection((current) => ({ ...current, selected: current.selected.filter((uuid) => !uuids.includes(uuid)) }));
  }, []);

  const openUuid = viewerUrl.uuid;
  const viewerIndex = openUuid ? items.findIndex((item) => item.uuid === openUuid) : -1;
  const lastIndex = useRef(0);
  if (viewerIndex >= 0) lastIndex.current = viewerIndex;
  const { show: showInUrl, close: closeViewer } = viewerUrl;
  const loaded = isSuccess && !isFetching;
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

  return {
    items,
    selection,
    setSelection,
    selected,
    selectedItems,
    toggleSelect,
    selectAll,
    clearSelection,
    loadMore,
    drop,
    viewerIndex,
    openAt,
    closeViewer,
    gridRef,
    max,
  };
}
