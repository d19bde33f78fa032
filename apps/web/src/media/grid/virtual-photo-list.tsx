import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { FileItem } from '@/api/files';
import { useWindowVirtual } from './use-window-virtual';
import type { Box, JustifiedLayout, PlaceholderLayout } from './layout';
import type { VirtualModel, VisibleRange } from './virtual-window';
import { cellPlaces, gridTarget } from './grid-keys';
import { PhotoTile, type SelectModifiers } from './photo-tile';
import styles from './grid.module.css';

/** A section as laid out: its pictures so far and where they sit. */
export interface PhotoSection {
  key: string;
  items: readonly FileItem[];
  /** Flat index of the section's first item. */
  firstIndex: number;
  headerHeight: number;
  layout: JustifiedLayout | null;
  /** The day (or other group) the section belongs to, when a group is cut into several sections. */
  groupKey?: string;
  /** The stand-in tiles drawn while the section's pictures are not loaded. */
  placeholder?: PlaceholderLayout;
  /** Single stand-in tiles beside the loaded pictures of the section's first row (a row shared by several groups). */
  standIns?: readonly Box[];
}

export interface VirtualPhotoListHandle {
  scrollToOffset(offset: number): void;
  currentOffset(): number;
  /** Moves the keyboard focus to the picture at this flat index, scrolling it into the rendered window first. */
  focusItem(index: number): void;
}

export interface VirtualPhotoListProps {
  sections: readonly PhotoSection[];
  sectionKeys: readonly string[];
  model: VirtualModel;
  renderHeader?(section: number): ReactNode;
  selected: ReadonlySet<string>;
  selectionMode: boolean;
  onToggleSelect(uuid: string, event: SelectModifiers): void;
  onOpen(index: number): void;
  /** The rendered blocks changed (load what is about to show). */
  onRangeChange?(range: VisibleRange): void;
  onScroll?(offset: number): void;
  /** Delete pressed on a picture: the caller trashes the selection (or this picture) after its confirmation. */
  onDeleteKey?(uuid: string): void;
  label: string;
  handleRef?: Ref<VirtualPhotoListHandle>;
}

/** Renders only the bands of a laid-out photo list that are near the window, absolutely positioned. */
export function VirtualPhotoList({
  sections,
  sectionKeys,
  model,
  renderHeader,
  selected,
  selectionMode,
  onToggleSelect,
  onOpen,
  onRangeChange,
  onScroll,
  onDeleteKey,
  label,
  handleRef,
}: VirtualPhotoListProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { range, rangeBlocks, scrollToOffset, currentOffset } = useWindowVirtual(containerRef, model, { sectionKeys, onScroll });
  // Roving tab stop: one picture is in the tab order, arrows move it (the grid pattern).
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  const places = useMemo(() => cellPlaces(sections), [sections]);

  const focusItem = useCallback(
    (index: number) => {
      setActive(index);
      const cell = containerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-cell-focus]`);
      if (cell) {
        cell.focus();
        return;
      }
      // Not rendered: bring its row into the window, then focus it once it is there.
      pendingFocus.current = index;
      const s = sections.findIndex((section) => index >= section.firstIndex && index < section.firstIndex + section.items.length);
      const section = sections[s];
      const box = section?.layout?.boxes[index - section.firstIndex];
      if (section && box) scrollToOffset(model.sectionTops[s]! + section.headerHeight + box.top);
    },
    [sections, model, scrollToOffset],
  );
  useImperativeHandle(handleRef, () => ({ scrollToOffset, currentOffset, focusItem }), [scrollToOffset, currentOffset, focusItem]);

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const cell = containerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-cell-focus]`);
    if (cell) {
      pendingFocus.current = null;
      cell.focus();
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>('[data-index]');
    if (!cell || event.altKey) return;
    const index = Number(cell.dataset.index);
    const uuid = cell.dataset.uuid!;
    if (event.key === ' ' && target.hasAttribute('data-cell-focus')) {
      // Space selects (Enter opens): a keyboard user's way to the check box.
      event.preventDefault();
      onToggleSelect(uuid, { shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey });
      return;
    }
    if (event.key === 'Delete' && onDeleteKey) {
      event.preventDefault();
      onDeleteKey(uuid);
      return;
    }
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = gridTarget(places, index, event, rtl);
    if (next === null) return;
    event.preventDefault();
    focusItem(next);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index;
    if (index !== undefined) setActive(Number(index));
  };

  const rangeRef = useRef(onRangeChange);
  rangeRef.current = onRangeChange;
  useEffect(() => {
    // A range computed on the previous model's blocks would name other sections (their indexes shift when a section
    // turns from one stand-in band into rows or back); the range of this model follows in the next render.
    if (rangeBlocks === model.blocks) rangeRef.current?.(range);
  }, [range, rangeBlocks, model]);

  // The tab stop stays on the active picture while it is rendered, else on the first rendered one.
  let firstRendered = -1;
  let activeRendered = false;
  for (let i = range.start; i < range.end; i++) {
    const block = model.blocks[i];
    const section = block ? sections[block.section] : undefined;
    if (!block || block.kind !== 'row' || !section?.layout) continue;
    const row = section.layout.rows[block.row]!;
    const last = Math.min(row.end, section.items.length);
    if (row.start >= last) continue;
    if (firstRendered < 0) firstRendered = section.firstIndex + row.start;
    if (active >= section.firstIndex + row.start && active < section.firstIndex + last) activeRendered = true;
  }
  const tabStop = activeRendered ? active : firstRendered;

  const children: ReactNode[] = [];
  for (let i = range.start; i < range.end; i++) {
    const block = model.blocks[i];
    if (!block) break;
    const section = sections[block.section];
    if (!section) continue;
    if (block.kind === 'header') {
      children.push(
        // A grid holds rows only: the day header is a row of one cell.
        <div key={`h:${section.key}`} className={styles.sectionHeader} style={{ insetBlockStart: block.top, blockSize: block.height }} role="row">
          <div role="gridcell">{renderHeader?.(block.section)}</div>
        </div>,
      );
    } else if (block.kind === 'pending') {
      const placeholder = section.placeholder;
      // The stand-in tiles take the section's estimated shape (one element however many photos it stands for).
      const pattern = placeholder ? { '--tile-inline': `${placeholder.tileWidth + 3}px`, '--tile-block': `${placeholder.rowHeight + 7}px` } : {};
      children.push(
        <div
          key={`p:${section.key}`}
          className={styles.pendingBlock}
          style={{ insetBlockStart: block.top, blockSize: block.height, ...pattern }}
          aria-hidden="true"
          data-testid="photo-pending-block"
        />,
      );
    } else {
      const layout = section.layout!;
      const row = layout.rows[block.row]!;
      const layoutTop = model.sectionTops[block.section]! + section.headerHeight;
      const tiles: ReactNode[] = [];
      if (block.row === 0) {
        section.standIns?.forEach((box, index) =>
          tiles.push(
            <div
              key={`s:${section.key}:${index}`}
              className={styles.standIn}
              style={{ insetBlockStart: layoutTop + box.top, insetInlineStart: box.left, inlineSize: box.width, blockSize: box.height }}
              aria-hidden="true"
              data-testid="photo-stand-in"
            />,
          ),
        );
      }
      for (let b = row.start; b < row.end; b++) {
        const item = section.items[b];
        const box = layout.boxes[b];
        if (!item || !box) continue;
        tiles.push(
          <PhotoTile
            key={item.uuid}
            item={item}
            index={section.firstIndex + b}
            tabbable={section.firstIndex + b === tabStop}
            box={box}
            top={layoutTop + box.top}
            selected={selected.has(item.uuid)}
            selectionMode={selectionMode}
            group={section.groupKey ?? section.key}
            onToggleSelect={onToggleSelect}
            onOpen={onOpen}
          />,
        );
      }
      // The row box has no layout of its own (display: contents): the tiles keep their absolute places.
      children.push(
        <div key={`r:${section.key}:${block.row}`} className={styles.gridRow} role="row">
          {tiles}
        </div>,
      );
    }
  }

  return (
    <div
      ref={containerRef}
      className={styles.virtualList}
      style={{ blockSize: model.totalHeight }}
      role="grid"
      aria-label={label}
      aria-multiselectable="true"
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      data-testid="photo-list"
    >
      {children}
    </div>
  );
}
