import { useEffect, useRef, type RefObject } from 'react';
import type { FileItem } from '@/api/files';
import type { VirtualPhotoListHandle } from './virtual-photo-list';

/**
 * When the viewer closes, focus goes to the tile of the photo it showed last (it may have walked from the opener).
 * `viewerIndex` is the open photo's index in `viewerItems`, or -1 while the viewer is closed.
 */
export function useTileFocusReturn(
  viewerIndex: number,
  viewerItems: readonly FileItem[],
  gridItems: readonly FileItem[],
  listRef: RefObject<VirtualPhotoListHandle | null>,
) {
  const lastViewed = useRef<string | null>(null);
  useEffect(() => {
    if (viewerIndex >= 0) {
      lastViewed.current = viewerItems[viewerIndex]?.uuid ?? null;
      return;
    }
    const uuid = lastViewed.current;
    lastViewed.current = null;
    const index = uuid ? gridItems.findIndex((item) => item.uuid === uuid) : -1;
    if (index >= 0) listRef.current?.focusItem(index);
  }, [viewerIndex, viewerItems, gridItems, listRef]);
}
