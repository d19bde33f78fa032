import { useCallback, useEffect, type RefObject } from 'react';
import type { FileItem } from '@/api/files';
import { mediaKind, preloadUrl } from './viewer-media';
import { ZOOM_STEP } from './zoom';

/** Photos within this many of the end of what is loaded ask for more. */
const NEAR_END = 3;

const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.matches('input, textarea, select, [contenteditable="true"]') || target.isContentEditable);

interface Navigation {
  items: FileItem[];
  index: number;
  /** The whole collection's size, loaded or not. */
  count: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onNeedMore?: () => void;
}

/**
 * Keeps the index inside the loaded items, asks for more near their end and preloads the neighbours; returns `go`,
 * which steps by `delta` (asking for more when stepping past the loaded end).
 */
export function useViewerNavigation({ items, index, count, onIndexChange, onClose, onNeedMore }: Navigation) {
  // A removed last item (or a shrunk list) leaves the index past the end: step back, or close when nothing is left.
  useEffect(() => {
    if (items.length === 0) onClose();
    else if (index >= items.length) onIndexChange(items.length - 1);
  }, [items.length, index, onClose, onIndexChange]);

  useEffect(() => {
    if (onNeedMore && items.length < count && index >= items.length - NEAR_END) onNeedMore();
  }, [index, items.length, count, onNeedMore]);

  // Neighbours load while this one is looked at, so the next swipe shows a picture at once.
  useEffect(() => {
    for (const neighbour of [items[index + 1], items[index - 1]]) {
      if (neighbour && mediaKind(neighbour) === 'image') preloadUrl(neighbour.previewUrl);
    }
  }, [items, index]);

  return useCallback(
    (delta: number) => {
      const target = index + delta;
      if (target >= 0 && target < items.length) onIndexChange(target);
      else if (delta > 0 && onNeedMore && items.length < count) onNeedMore();
    },
    [index, items.length, count, onIndexChange, onNeedMore],
  );
}

/**
 * The viewer's keys: Escape closes, the arrows step (mirrored right-to-left), + and - zoom. Keys typed into a field
 * or pressed in a dialog opened over the viewer (outside `content`) are left alone.
 */
export function useViewerKeys(
  content: RefObject<HTMLDivElement | null>,
  { go, zoomBy, onClose }: { go: (delta: number) => void; zoomBy: (factor: number) => void; onClose: () => void },
) {
  // On the window, not the dialog: a button that turns disabled (the last "next") drops focus to the body.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      // Keys pressed in a dialog opened over the viewer (confirm, rename) are that dialog's.
      const target = event.target instanceof Node ? event.target : null;
      if (target && target !== document.body && !content.current?.contains(target)) return;
      const rtl = document.documentElement.dir === 'rtl';
      if (event.key === 'Escape') {
        // Radix closes the viewer first (and marks the key handled); after a dialog opened over the viewer has
        // closed it can miss the key, so the viewer closes itself here.
        event.preventDefault();
        onClose();
      } else if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) {
        event.preventDefault();
        go(1);
      } else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) {
        event.preventDefault();
        go(-1);
      } else if (event.key === '+' || event.key === '=') {
        event.preventDefault();
        zoomBy(ZOOM_STEP);
      } else if (event.key === '-') {
        event.preventDefault();
        zoomBy(1 / ZOOM_STEP);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [content, go, zoomBy, onClose]);
}
