import { useCallback, useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import { selectionChanged, selectionCleared } from '../files-slice';
import { applySelect, pruneSelection, selectAll as selectAllOf, type SelectionResult, type SelectMode } from '@/media/selection/selection';
import { useMaxSelectCount } from '@/media/selection/selection-limit';

/** The checked items of a listing, with the remote cap (max_select_count, default 500) and its toast. */
export function useSelection(order: readonly string[]) {
  const dispatch = useAppDispatch();
  const selection = useAppSelector((state) => state.files.selection);
  const max = useMaxSelectCount();

  // Items that left the listing (moved, trashed, recovered) leave the selection too.
  useEffect(() => {
    const pruned = pruneSelection(selection, order);
    if (pruned !== selection) dispatch(selectionChanged(pruned));
  }, [dispatch, order, selection]);

  const commit = useCallback(
    ({ selection: next, capped }: SelectionResult) => {
      dispatch(selectionChanged(next));
      if (capped) dispatch(showToast({ kind: 'alert', messageKey: 'files:select_capped', values: { count: max } }));
    },
    [dispatch, max],
  );

  const select = useCallback(
    (uuid: string, mode: SelectMode) => commit(applySelect(selection, order, uuid, mode, max)),
    [commit, selection, order, max],
  );
  const selectAll = useCallback(() => commit(selectAllOf(order, max)), [commit, order, max]);
  const clear = useCallback(() => dispatch(selectionCleared()), [dispatch]);
  const selectedSet = useMemo(() => new Set(selection.selected), [selection.selected]);

  return { selected: selection.selected, selectedSet, select, selectAll, clear, max };
}
