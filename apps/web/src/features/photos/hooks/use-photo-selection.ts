import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import type { FileItem } from '@/api/files';
import { applySelect } from '@/media/selection/selection';
import { checkedChanged, checkedCleared } from '../photos-slice';
import { toggleMany, useMaxSelectCount } from '@/media/selection/selection-limit';
import type { SelectModifiers } from '@/media/grid/photo-tile';

/**
 * The timeline's checked photos (photo-state checkedPhotoList / checkedFilesList), capped at max_select_count.
 * `order` is every loaded photo in timeline order; checked photos whose day was unloaded stay checked.
 */
export function usePhotoSelection(order: readonly FileItem[]) {
  const dispatch = useAppDispatch();
  const checkedUuids = useAppSelector((state) => state.photos.checkedPhotoList);
  const checkedItems = useAppSelector((state) => state.photos.checkedFilesList);
  const anchor = useAppSelector((state) => state.photos.currentCheckedFile);
  const max = useMaxSelectCount();

  // The freshest copy of each checked item: the loaded one when its day is loaded (favourite may have changed). Nothing
  // is indexed while nothing is checked, so loading pages of the timeline costs no selection work.
  const selectedItems = useMemo(() => {
    if (checkedItems.length === 0) return checkedItems;
    const byUuid = indexByUuid(order);
    return checkedItems.map((item) => byUuid.get(item.uuid) ?? item);
  }, [checkedItems, order]);
  // The checked ids as a set, rebuilt only when the selection changes (tiles and headers ask it per render).
  const selectedSet = useMemo(() => new Set(checkedUuids), [checkedUuids]);

  const commit = useCallback(
    (uuids: readonly string[], nextAnchor: string | null, capped: boolean) => {
      const byUuid = indexByUuid(order);
      const known = new Map(checkedItems.map((item) => [item.uuid, item]));
      const items = uuids.map((uuid) => byUuid.get(uuid) ?? known.get(uuid)).filter((item): item is FileItem => Boolean(item));
      dispatch(checkedChanged({ items, anchor: nextAnchor }));
      if (capped) dispatch(showToast({ kind: 'alert', messageKey: 'photos:select_capped', values: { count: max } }));
    },
    [dispatch, order, checkedItems, max],
  );

  const toggle = useCallback(
    (uuid: string, event: SelectModifiers) => {
      const uuids = order.map((item) => item.uuid);
      const mode = event.shiftKey ? 'range' : 'toggle';
      if (mode === 'range') {
        // A range adds to what is already checked elsewhere in the timeline.
        const { selection, capped } = applySelect({ selected: [], anchor }, uuids, uuid, 'range', max);
        const merged = toggleMany(checkedUuids, selection.selected, max);
        commit(merged.selected.length < checkedUuids.length ? checkedUuids : merged.selected, selection.anchor, capped || merged.capped);
        return;
      }
      const { selection, capped } = applySelect({ selected: [...checkedUuids], anchor }, uuids, uuid, 'toggle', max);
      commit(selection.selected, selection.anchor, capped);
    },
    [order, anchor, checkedUuids, max, commit],
  );

  /** Checks (or, when all are checked, unchecks) a whole day. */
  const toggleGroup = useCallback(
    (items: readonly FileItem[]) => {
      const { selected, capped } = toggleMany(checkedUuids, items.map((item) => item.uuid), max);
      commit(selected, items[0]?.uuid ?? anchor, capped);
    },
    [checkedUuids, max, anchor, commit],
  );

  const selectAll = useCallback(() => {
    const { selected, capped } = toggleMany(checkedUuids, order.map((item) => item.uuid), max);
    if (selected.length >= checkedUuids.length) commit(selected, anchor, capped);
  }, [checkedUuids, order, max, anchor, commit]);

  const clear = useCallback(() => dispatch(checkedCleared()), [dispatch]);

  return { selectedItems, selectedSet, count: checkedUuids.length, toggle, toggleGroup, selectAll, clear, max };
}

function indexByUuid(items: readonly FileItem[]): Map<string, FileItem> {
  return new Map(items.map((item) => [item.uuid, item]));
}
