import type { FileItem } from '@/features/files/api';
import type { GroupPage, PhotoGroup } from './api';
import type { SegmentPlan } from './segments';
import {
  aspectRatioOf,
  DEFAULT_ASPECT_RATIO,
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

/** A laid-out piece: its photos (if loaded) or stand-in tiles. */
export interface TimelineSection extends PhotoSection {
  group: number;
  offset: number;
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
  for (const piece of pieces) {
    const group = groups[piece.group]!;
    const page = pageOf(piece, group.key, dataOf(piece.segment));
    const headerHeight = piece.offset === 0 ? (monthStarts[piece.group] ? MONTH_HEADER_HEIGHT : DAY_HEADER_HEIGHT) : 0;
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
    sections.push({ key: piece.key, groupKey: group.key, group: piece.group, offset: piece.offset, items: pieceItems, firstIndex: items.length, headerHeight, layout, placeholder });
    inputs.push({ key: piece.key, headerHeight, layout, pendingHeight });
    sectionKeys.push(piece.key);
    for (const item of pieceItems) items.push(item);
  }
  const model = buildVirtualModel(inputs);
  const groupTops = new Array<number>(groups.length).fill(0);
  sections.forEach((section, index) => {
    if (section.offset === 0) groupTops[section.group] = model.sectionTops[index]!;
  });
  return { sections, sectionKeys, model, groupTops, monthStarts, items };
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
