import type { JustifiedLayout } from './layout';

/**
 * One section of a virtual photo list: an optional header, the laid-out pictures loaded so far, and a
 * stand-in of an estimated height for the ones not loaded yet.
 */
export interface VirtualSectionInput {
  key: string;
  headerHeight: number;
  layout: JustifiedLayout | null;
  /** Height of the part not loaded yet (0 when everything is laid out). */
  pendingHeight: number;
}

export type BlockKind = 'header' | 'row' | 'pending';

/** A horizontal band of the list: the unit that is rendered or not. */
export interface Block {
  kind: BlockKind;
  section: number;
  /** The row index within the section's layout (rows only). */
  row: number;
  top: number;
  height: number;
}

export interface VirtualModel {
  blocks: Block[];
  /** Top of each section. */
  sectionTops: number[];
  totalHeight: number;
}

/** Lays the sections one under the other. O(rows); run when data or width changes, never per scroll. */
export function buildVirtualModel(sections: readonly VirtualSectionInput[], sectionGap = 0): VirtualModel {
  const blocks: Block[] = [];
  const sectionTops: number[] = [];
  let top = 0;
  sections.forEach((section, index) => {
    if (index > 0) top += sectionGap;
    sectionTops.push(top);
    if (section.headerHeight > 0) {
      blocks.push({ kind: 'header', section: index, row: -1, top, height: section.headerHeight });
      top += section.headerHeight;
    }
    const layout = section.layout;
    if (layout && layout.rows.length > 0) {
      layout.rows.forEach((row, rowIndex) => {
        // A row's band reaches down to the next row, so bands tile the list without gaps.
        const next = layout.rows[rowIndex + 1];
        const height = (next ? next.top : layout.height) - row.top;
        blocks.push({ kind: 'row', section: index, row: rowIndex, top: top + row.top, height });
      });
      // The padding above the first row belongs to the first band.
      const first = blocks[blocks.length - layout.rows.length]!;
      first.height += first.top - top;
      first.top = top;
      top += layout.height;
    }
    if (section.pendingHeight > 0) {
      blocks.push({ kind: 'pending', section: index, row: -1, top, height: section.pendingHeight });
      top += section.pendingHeight;
    }
  });
  return { blocks, sectionTops, totalHeight: top };
}

/** Index of the first block whose bottom is below `offset` (binary search). */
export function blockAt(blocks: readonly Block[], offset: number): number {
  let low = 0;
  let high = blocks.length - 1;
  let found = blocks.length;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const block = blocks[mid]!;
    if (block.top + block.height > offset) {
      found = mid;
      high = mid - 1;
    } else {
      low = mid + 1;
    }
  }
  return found;
}

export interface VisibleRange {
  /** First rendered block. */
  start: number;
  /** One past the last rendered block. */
  end: number;
}

/**
 * The blocks to render for a viewport `scrollTop`..`scrollTop + viewportHeight` (both relative to the list's
 * top), with `overscan` px more on each side so a fast scroll does not show blanks.
 */
export function visibleRange(blocks: readonly Block[], scrollTop: number, viewportHeight: number, overscan: number): VisibleRange {
  if (blocks.length === 0) return { start: 0, end: 0 };
  const start = Math.min(blocks.length, blockAt(blocks, Math.max(0, scrollTop - overscan)));
  const bottom = scrollTop + viewportHeight + overscan;
  let end = start;
  while (end < blocks.length && blocks[end]!.top < bottom) end++;
  return { start, end };
}

/** The sections touched by a range of blocks (for loading what is about to show). */
export function sectionsInRange(blocks: readonly Block[], range: VisibleRange): number[] {
  const sections: number[] = [];
  // The range can be one render behind the blocks (a day emptied by a trash shrinks the model), so clamp.
  const end = Math.min(range.end, blocks.length);
  for (let i = range.start; i < end; i++) {
    const section = blocks[i]!.section;
    if (sections[sections.length - 1] !== section) sections.push(section);
  }
  return sections;
}
