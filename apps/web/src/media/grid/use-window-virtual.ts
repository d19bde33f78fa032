import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { blockAt, visibleRange, type VirtualModel, type VisibleRange } from './virtual-window';

/** Extra px rendered above and below the window, as a share of the window height. */
const OVERSCAN_SCREENS = 1;

export interface WindowVirtual {
  range: VisibleRange;
  /** The blocks `range` indexes: for one render after the model changes, the previous model's. */
  rangeBlocks: VirtualModel['blocks'];
  /** Scrolls the window so that `offset` px of the list is at the top of the viewport (below the header). */
  scrollToOffset(offset: number): void;
  /** The list's current scroll offset (px of the list above the viewport top). */
  currentOffset(): number;
}

export interface WindowVirtualOptions {
  /** Keys of the model's sections, to keep the picture at the top still while sections above change height. */
  sectionKeys: readonly string[];
  /** Called once per animation frame while scrolling, with the list offset (for a scrubber thumb). */
  onScroll?(offset: number): void;
}

/**
 * Virtualises a list laid out in `model` inside the window's scroll: reads one rectangle per animation frame,
 * finds the visible blocks by binary search and re-renders only when the set of rendered blocks changes.
 */
export function useWindowVirtual(containerRef: RefObject<HTMLElement | null>, model: VirtualModel, options: WindowVirtualOptions): WindowVirtual {
  const { sectionKeys, onScroll } = options;
  const [state, setState] = useState<{ range: VisibleRange; blocks: VirtualModel['blocks'] }>(() => ({
    range: visibleRange(model.blocks, 0, viewportHeight(), viewportHeight() * OVERSCAN_SCREENS),
    blocks: model.blocks,
  }));
  const modelRef = useRef(model);
  const keysRef = useRef(sectionKeys);
  const onScrollRef = useRef(onScroll);
  onScrollRef.current = onScroll;
  // The section at the top of the viewport and how far into it the viewport starts.
  const anchorRef = useRef<{ key: string; offset: number } | null>(null);

  const listOffset = useCallback(() => {
    const element = containerRef.current;
    if (!element) return 0;
    return -element.getBoundingClientRect().top;
  }, [containerRef]);

  const update = useCallback(() => {
    const current = modelRef.current;
    const offset = listOffset();
    const height = viewportHeight();
    const next = visibleRange(current.blocks, offset, height, height * OVERSCAN_SCREENS);
    setState((previous) =>
      previous.blocks === current.blocks && previous.range.start === next.start && previous.range.end === next.end
        ? previous
        : { range: next, blocks: current.blocks },
    );
    const block = current.blocks[blockAt(current.blocks, Math.max(0, offset))];
    const key = block ? keysRef.current[block.section] : undefined;
    anchorRef.current = key !== undefined && offset > 0 ? { key, offset: offset - current.sectionTops[block!.section]! } : null;
    onScrollRef.current?.(offset);
  }, [listOffset]);

  // A section above the viewport that got taller or shorter (its pictures arrived) must not move what the user looks at.
  useLayoutEffect(() => {
    const previousKeys = keysRef.current;
    modelRef.current = model;
    keysRef.current = sectionKeys;
    const anchor = anchorRef.current;
    if (anchor) {
      const index = sectionKeys.indexOf(anchor.key);
      const offset = listOffset();
      if (index >= 0 && previousKeys.length > 0) {
        const wanted = model.sectionTops[index]! + anchor.offset;
        const delta = wanted - offset;
        if (Math.abs(delta) >= 1) window.scrollBy(0, delta);
      }
    }
    update();
  }, [model, sectionKeys, listOffset, update]);

  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [update]);

  const scrollToOffset = useCallback(
    (offset: number) => {
      // The sticky page header covers the top of the window: land below it.
      const delta = offset - listOffset() - stickyHeaderHeight();
      anchorRef.current = null;
      window.scrollBy(0, delta);
      update();
    },
    [listOffset, update],
  );

  return { range: state.range, rangeBlocks: state.blocks, scrollToOffset, currentOffset: listOffset };
}

function stickyHeaderHeight(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const rect = header.getBoundingClientRect();
  return rect.top <= 0 && rect.bottom > 0 ? rect.bottom : 0;
}

function viewportHeight(): number {
  return typeof window === 'undefined' ? 800 : window.innerHeight;
}
