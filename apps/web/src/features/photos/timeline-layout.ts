import type { FileItem } from '@/api/files';
import type { GroupPage, PhotoGroup } from './api';
import type { SegmentPlan } from './segments';
import {
  aspectRatioOf,
  DEFAULT_ASPECT_RATIO,
  type Box,
  justifiedLayout,
  placeholderLayout,
  type JustifiedLayout,
  type LayoutConfig,
  type PlaceholderLayout,
} from '@/media/grid/layout';
import { buildVirtualModel, type VirtualModel, type VirtualSectionInput } from '@/media/grid/virtual-window';
import type { PhotoSection } from '@/media/grid/virtual-photo-list';

/** Height of a day header, and of the first day of a month (which also names the month). */
export const DAY_HEADER_HEIGHT = 44;
export const MONTH_HEADER_HEIGHT = 92;
/** Space between two short days that share a row (their photos and their date labels). */
export const PACKED_DAY_GAP = 16;

/**
 * One page of a day as the plan requests it, and the unit the timeline is laid out in: a day of 70,000 photos is 350
 * pieces, each laid out on its own, from its photos once loaded and from its count before.
 */
export interface Piece {
  /** The day's key for its first piece, `key#offset` for the others (stable while the plan is). */
  key: string;
  group: number;
  offset: number;
  limit: number;
  segment: number;
  /** Index of the page within its segment's request (and answer). */
  pageIndex: number;
}

export interface PiecePlan {
  pieces: Piece[];
  /** For each group, the index of its first piece. */
  groupFirstPiece: number[];
}

/** The pieces of a segment plan, in timeline order. O(pages). */
export function piecesOf(groups: readonly Pick<PhotoGroup, 'key'>[], plan: SegmentPlan): PiecePlan {
  const indexOf = new Map(groups.map((group, index) => [group.key, index]));
  const pieces: Piece[] = [];
  const groupFirstPiece: number[] = new Array(groups.length).fill(-1);
  for (const segment of plan.segments) {
    segment.pages.forEach((page, pageIndex) => {
      const group = indexOf.get(page.key)!;
      if (groupFirstPiece[group] === -1) groupFirstPiece[group] = pieces.length;
      pieces.push({ key: page.offset === 0 ? page.key : `${page.key}#${page.offset}`, group, offset: page.offset, limit: page.limit, segment: segment.index, pageIndex });
    });
  }
  return { pieces, groupFirstPiece };
}

/** The answer holding a piece's photos, when its segment is loaded. */
export function pageOf(piece: Piece, groupKey: string, data: readonly GroupPage[] | undefined): GroupPage | undefined {
  const page = data?.[piece.pageIndex];
  return page && page.key === groupKey && page.offset === piece.offset ? page : undefined;
}

/** A short day sharing a row with others: where its photos and its date label sit in the row. */
export interface RowMember {
  group: number;
  piece: number;
  /** From the inline start of the list, and the width the day is given (from its count, so it never moves). */
  left: number;
  width: number;
  /** Its loaded photos (empty until its segment is in). */
  items: readonly FileItem[];
}

/** A laid-out piece (its photos if loaded, or stand-in tiles), or a row of several short days. */
export interface TimelineSection extends PhotoSection {
  /** The (first) day of the section. */
  group: number;
  offset: number;
  /** The pieces the section shows (one, or the days of a shared row). */
  pieces: number[];
  /** Set when short days share the row. */
  members?: RowMember[];
  /** Stand-in tiles of the members of a shared row not loaded yet. */
  standIns?: Box[];
}

/** Caches kept across answers, so an answer costs work for its own pages only. */
export interface TimelineCaches {
  /** Per answered page: its layout at a width and config. */
  layouts: WeakMap<GroupPage, { width: number; config: LayoutConfig; layout: JustifiedLayout }>;
  /** Per piece: its measured height, kept after its photos are dropped, so the page does not jump back. */
  heights: Map<string, { count: number; width: number; target: number; height: number }>;
  /** Per day: the aspect ratio its stand-in tiles take, from the first of its photos seen (then fixed). */
  aspects: Map<string, number>;
  /** Stand-in layouts by count, aspect and geometry (every full page of a big day shares one). */
  placeholders: Map<string, PlaceholderLayout>;
}

export function createTimelineCaches(): TimelineCaches {
  return { layouts: new WeakMap(), heights: new Map(), aspects: new Map(), placeholders: new Map() };
}

export interface BuiltTimeline {
  sections: TimelineSection[];
  sectionKeys: string[];
  model: VirtualModel;
  /** For each group, the index of the section it starts in. */
  groupSections: number[];
  /** Top of each group (its first piece) in the list. */
  groupTops: number[];
  monthStarts: boolean[];
  /** Every loaded photo in timeline order (what the viewer steps through). */
  items: FileItem[];
}

/**
 * Lays the timeline out piece by piece: loaded pieces from their photos (layout cached per answer), the others from
 * their counts as stand-in tiles of the day's aspect estimate, so the scroll height is right before any photo loads.
 * Cost: O(pieces + loaded rows), never O(photos of a day).
 */
export function buildTimeline(
  groups: readonly PhotoGroup[],
  pieces: readonly Piece[],
  dataOf: (segment: number) => readonly GroupPage[] | undefined,
  width: number,
  config: LayoutConfig,
  caches: TimelineCaches,
): BuiltTimeline {
  const sections: TimelineSection[] = [];
  const inputs: VirtualSectionInput[] = [];
  const sectionKeys: string[] = [];
  const items: FileItem[] = [];
  const monthStarts = groups.map((group, index) => {
    const previous = groups[index - 1];
    return !previous || previous.year !== group.year || previous.month !== group.month;
  });
  const groupSections = new Array<number>(groups.length).fill(-1);
  const rows = packRows(groups, pieces, monthStarts, width, config);
  for (const row of rows) {
    const first = pieces[row[0]!]!;
    const group = groups[first.group]!;
    const headerHeight = first.offset === 0 ? (monthStarts[first.group] ? MONTH_HEADER_HEIGHT : DAY_HEADER_HEIGHT) : 0;
    for (const index of row) if (groupSections[pieces[index]!.group] === -1) groupSections[pieces[index]!.group] = sections.length;
    if (row.length > 1) {
      const shared = sharedRow(groups, pieces, row, dataOf, width, config);
      sections.push({ key: first.key, groupKey: group.key, group: first.group, offset: 0, pieces: row, firstIndex: items.length, headerHeight, ...shared });
      inputs.push({ key: first.key, headerHeight, layout: shared.layout, pendingHeight: 0 });
      sectionKeys.push(first.key);
      for (const item of shared.items) items.push(item);
      continue;
    }
    const piece = first;
    const page = pageOf(piece, group.key, dataOf(piece.segment));
    const pieceItems = page?.items ?? [];
    let layout: JustifiedLayout | null = null;
    let pendingHeight = 0;
    let placeholder: PlaceholderLayout | undefined;
    if (page && pieceItems.length > 0) {
      if (!caches.aspects.has(group.key)) caches.aspects.set(group.key, meanAspect(pieceItems));
      layout = layoutOf(caches, page, width, config);
      caches.heights.set(piece.key, { count: piece.limit, width, target: config.targetRowHeight, height: layout.height });
    } else if (!page) {
      placeholder = placeholderOf(caches, piece.limit, caches.aspects.get(group.key) ?? DEFAULT_ASPECT_RATIO, width, config);
      const known = caches.heights.get(piece.key);
      pendingHeight =
        known && known.count === piece.limit && known.width === width && known.target === config.targetRowHeight ? known.height : placeholder.height;
    }
    sections.push({ key: piece.key, groupKey: group.key, group: piece.group, offset: piece.offset, pieces: row, items: pieceItems, firstIndex: items.length, headerHeight, layout, placeholder });
    inputs.push({ key: piece.key, headerHeight, layout, pendingHeight });
    sectionKeys.push(piece.key);
    for (const item of pieceItems) items.push(item);
  }
  const model = buildVirtualModel(inputs);
  const groupTops = new Array<number>(groups.length).fill(0);
  groupSections.forEach((section, group) => {
    groupTops[group] = model.sectionTops[section] ?? 0;
  });
  return { sections, sectionKeys, model, groupSections, groupTops, monthStarts, items };
}

function meanAspect(items: readonly FileItem[]): number {
  let sum = 0;
  for (const item of items) sum += aspectRatioOf(item.width, item.height);
  return sum / items.length;
}

function layoutOf(caches: TimelineCaches, page: GroupPage, width: number, config: LayoutConfig): JustifiedLayout {
  const cached = caches.layouts.get(page);
  if (cached && cached.width === width && cached.config === config) return cached.layout;
  const layout = justifiedLayout(page.items.map((item) => aspectRatioOf(item.width, item.height)), width, config);
  caches.layouts.set(page, { width, config, layout });
  return layout;
}

function placeholderOf(caches: TimelineCaches, count: number, aspect: number, width: number, config: LayoutConfig): PlaceholderLayout {
  const key = `${count}|${aspect}|${width}|${config.targetRowHeight}`;
  let layout = caches.placeholders.get(key);
  if (!layout) {
    layout = placeholderLayout(count, width, config, aspect);
    caches.placeholders.set(key, layout);
  }
  return layout;
}

/** The width a whole short day takes in a shared row: its photos at the target height, from its count alone. */
function shortDayWidth(count: number, config: LayoutConfig): number {
  return count * config.targetRowHeight * DEFAULT_ASPECT_RATIO + (count - 1) * config.boxSpacing.horizontal;
}

/**
 * Groups the pieces into rows of the list: consecutive whole days short enough share a row (their widths from their
 * counts, so the packing is the same before and after their photos load); a day that starts a month starts a row.
 */
export function packRows(
  groups: readonly PhotoGroup[],
  pieces: readonly Piece[],
  monthStarts: readonly boolean[],
  width: number,
  config: LayoutConfig,
): number[][] {
  const content = Math.max(1, width - config.containerPadding.left - config.containerPadding.right);
  const rows: number[][] = [];
  let row: number[] = [];
  let used = 0;
  pieces.forEach((piece, index) => {
    const count = groups[piece.group]!.count;
    const whole = piece.offset === 0 && piece.limit === count;
    const dayWidth = whole ? shortDayWidth(count, config) : Infinity;
    const fits = row.length > 0 && !monthStarts[piece.group] && used + PACKED_DAY_GAP + dayWidth <= content;
    if (fits) {
      row.push(index);
      used += PACKED_DAY_GAP + dayWidth;
      return;
    }
    if (row.length > 0) rows.push(row);
    row = [index];
    used = dayWidth <= content ? dayWidth : Infinity;
  });
  if (row.length > 0) rows.push(row);
  return rows;
}

/** A row of short days: each day in its own width, its photos (or stand-ins) at most the target height. */
function sharedRow(
  groups: readonly PhotoGroup[],
  pieces: readonly Piece[],
  row: readonly number[],
  dataOf: (segment: number) => readonly GroupPage[] | undefined,
  width: number,
  config: LayoutConfig,
): { items: FileItem[]; layout: JustifiedLayout; members: RowMember[]; standIns: Box[] } {
  const { targetRowHeight: target, boxSpacing, containerPadding } = config;
  const top = containerPadding.top;
  const items: FileItem[] = [];
  const boxes: Box[] = [];
  const standIns: Box[] = [];
  const members: RowMember[] = [];
  let left = containerPadding.left;
  for (const index of row) {
    const piece = pieces[index]!;
    const group = groups[piece.group]!;
    const allotted = shortDayWidth(group.count, config);
    const page = pageOf(piece, group.key, dataOf(piece.segment));
    const loaded = page?.items ?? [];
    const ratios = loaded.length > 0 ? loaded.map((item) => aspectRatioOf(item.width, item.height)) : Array.from({ length: group.count }, () => DEFAULT_ASPECT_RATIO);
    const sum = ratios.reduce((total, ratio) => total + ratio, 0);
    // Photos wider than the count suggested are made lower to stay within the day's width.
    const height = Math.min(target, (allotted - boxSpacing.horizontal * (ratios.length - 1)) / sum);
    let x = left;
    for (const ratio of ratios) {
      const box = { top, left: Math.round(x), width: Math.max(1, Math.round(ratio * height)), height: Math.round(height) };
      (loaded.length > 0 ? boxes : standIns).push(box);
      x += ratio * height + boxSpacing.horizontal;
    }
    members.push({ group: piece.group, piece: index, left, width: allotted, items: loaded });
    for (const item of loaded) items.push(item);
    left += allotted + PACKED_DAY_GAP;
  }
  const layout: JustifiedLayout = {
    boxes,
    rows: [{ top, height: target, start: 0, end: boxes.length }],
    height: top + target + containerPadding.bottom,
    width,
  };
  return { items, layout, members, standIns };
}
