import { useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import type { FileItem } from '@/features/files/api';
import { useWindowVirtual } from './use-window-virtual';
import type { Box, JustifiedLayout, PlaceholderLayout } from './layout';
import type { VirtualModel, VisibleRange } from './virtual-window';
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
  label,
  handleRef,
}: VirtualPhotoListProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { range, rangeBlocks, scrollToOffset, currentOffset } = useWindowVirtual(containerRef, model, { sectionKeys, onScroll });
  useImperativeHandle(handleRef, () => ({ scrollToOffset, currentOffset }), [scrollToOffset, currentOffset]);

  const rangeRef = useRef(onRangeChange);
  rangeRef.current = onRangeChange;
  useEffect(() => {
    // A range computed on the previous model's blocks would name other sections (their indexes shift when a section
    // turns from one stand-in band into rows or back); the range of this model follows in the next render.
    if (rangeBlocks === model.blocks) rangeRef.current?.(range);
  }, [range, rangeBlocks, model]);

  const children: ReactNode[] = [];
  for (let i = range.start; i < range.end; i++) {
    const block = model.blocks[i];
    if (!block) break;
    const section = sections[block.section];
    if (!section) continue;
    if (block.kind === 'header') {
      children.push(
        <div key={`h:${section.key}`} className={styles.sectionHeader} style={{ insetBlockStart: block.top, blockSize: block.height }}>
          {renderHeader?.(block.section)}
        </div>,
      );
    } else if (block.kind === 'pending') {
      const tiles = section.placeholder;
      // The stand-in tiles take the section's estimated shape (one element however many photos it stands for).
      const pattern = tiles ? { '--tile-inline': `${tiles.tileWidth + 3}px`, '--tile-block': `${tiles.rowHeight + 7}px` } : {};
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
      if (block.row === 0) {
        section.standIns?.forEach((box, index) =>
          children.push(
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
        children.push(
          <PhotoTile
            key={item.uuid}
            item={item}
            index={section.firstIndex + b}
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
    }
  }

  return (
    <div ref={containerRef} className={styles.virtualList} style={{ blockSize: model.totalHeight }} role="region" aria-label={label} data-testid="photo-list">
      {children}
    </div>
  );
}
