import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import type { FileItem } from '@/api/files';
import type { RootState } from '@/state/store-types';
import { photosApi, useGetPhotoGroupsQuery, type GroupPage, type GroupPageRequest, type GroupPagesArgs, type PhotoGroup } from '../api';
import type { LayoutConfig } from '@/media/grid/layout';
import { planSegments } from '../segments';
import type { PhotoCategory } from '../tabs';
import { sectionsInRange, type VirtualModel, type VisibleRange } from '@/media/grid/virtual-window';
import { buildTimeline, createTimelineCaches, pageOf, piecesOf, type Piece, type TimelineSection } from '../timeline-layout';

export { DAY_HEADER_HEIGHT, MONTH_HEADER_HEIGHT } from '../timeline-layout';

const NO_GROUPS: PhotoGroup[] = [];
/** The rendered days must hold this long before their photos are requested… */
const LOAD_SETTLE_MS = 90;
/** …or this long at most while the list keeps moving. */
const LOAD_MAX_WAIT_MS = 350;

export interface Timeline {
  groups: PhotoGroup[];
  total: number;
  /** The laid-out pieces (a day, or one page of a big day), in timeline order. */
  sections: TimelineSection[];
  sectionKeys: string[];
  model: VirtualModel;
  /** Top of each day in the list (the date rail). */
  groupTops: number[];
  /** Every loaded photo in timeline order (what the viewer steps through). */
  items: FileItem[];
  /** Whether a group's header starts a new month. */
  monthStarts: boolean[];
  /** The loaded photos of a day, in order (what its header checks). */
  groupItems(group: number): FileItem[];
  isLoading: boolean;
  isError: boolean;
  refetch(): void;
  /** Loads what the rendered blocks show (and keeps it while they are shown). */
  onRangeChange(range: VisibleRange): void;
  /** The viewer reached the end of the loaded photos: load the next day(s). */
  loadMore(): void;
  /** Loaded photos that are still being processed are near the viewport. */
  pendingVisible: boolean;
}

type Select = (state: RootState) => { data?: GroupPage[] };

/**
 * The data side of the timeline: all day groups first (one small request), then only the segments (≤ 200 photos) whose
 * pieces are near the viewport, at any place inside a day. Pieces not loaded are laid out from their counts; a piece
 * whose photos were loaded once keeps its measured height after they are dropped, so the timeline does not shift.
 */
export function useTimeline(category: PhotoCategory, width: number, config: LayoutConfig): Timeline {
  const dispatch = useAppDispatch();
  const groupsQuery = useGetPhotoGroupsQuery(category);
  const groups = groupsQuery.data?.groups ?? NO_GROUPS;
  const plan = useMemo(() => planSegments(groups), [groups]);
  const piecePlan = useMemo(() => piecesOf(groups, plan), [groups, plan]);
  const [near, setNear] = useState<number[]>([]);
  const [extra, setExtra] = useState<number[]>([]);
  const [nearSections, setNearSections] = useState<number[]>([]);

  // Another plan (new uploads, a change) means other segments: start from what is on screen again.
  useEffect(() => {
    setExtra([]);
  }, [plan]);

  const wanted = useMemo(() => [...new Set([...near, ...extra])].filter((index) => index < plan.segments.length).sort((a, b) => a - b), [near, extra, plan]);

  // Each segment's request is fixed the first time it is wanted (the same request is the same cache entry, also across
  // a new plan that keeps the segment): a page deep in a day continues from a loaded neighbour by keyset when there is
  // one, so the server never walks the rows before it.
  const argsCache = useRef(new Map<string, { args: GroupPagesArgs; select: Select }>());
  const loadedRef = useRef(new Map<number, GroupPage[] | undefined>());
  const wantedArgs = useMemo(() => {
    const cache = argsCache.current;
    return wanted.map((index) => {
      const pages = plan.segments[index]!.pages;
      const key = JSON.stringify(pages);
      let entry = cache.get(key);
      if (!entry) {
        const args = { category, body: { groups: pages.map((page) => withCursor(page, index, piecePlan.pieces, groups, loadedRef.current)) } };
        entry = { args, select: photosApi.endpoints.listPhotoGroups.select(args) as Select };
        cache.set(key, entry);
      }
      return { index, ...entry };
    });
  }, [wanted, plan, piecePlan, groups, category]);

  // One subscription per wanted segment, added and dropped one by one (not all renewed on every change);
  // dropped ones stay cached for keepUnusedDataFor (10 s), so scrolling back is instant.
  const subscriptions = useRef(new Map<GroupPagesArgs, { unsubscribe(): void }>());
  useEffect(() => {
    const current = subscriptions.current;
    const next = new Set(wantedArgs.map((entry) => entry.args));
    for (const [args, subscription] of current) {
      if (!next.has(args)) {
        subscription.unsubscribe();
        current.delete(args);
      }
    }
    for (const args of next) {
      if (!current.has(args)) current.set(args, dispatch(photosApi.endpoints.listPhotoGroups.initiate(args)));
    }
  }, [dispatch, wantedArgs]);
  useEffect(() => {
    const current = subscriptions.current;
    return () => {
      for (const subscription of current.values()) subscription.unsubscribe();
      current.clear();
    };
  }, []);

  // One memoised selector over the wanted segments only, whatever the length of the timeline.
  const selectWanted = useMemo(() => (state: RootState) => wantedArgs.map((entry) => entry.select(state).data), [wantedArgs]);
  const wantedData = useAppSelector(selectWanted, shallowEqual);
  const loaded = useMemo(() => new Map(wantedArgs.map((entry, k) => [entry.index, wantedData[k]])), [wantedArgs, wantedData]);
  loadedRef.current = loaded;

  const caches = useRef(createTimelineCaches());
  const built = useMemo(
    () => buildTimeline(groups, piecePlan.pieces, (segment) => loaded.get(segment), width, config, caches.current),
    [groups, piecePlan, loaded, width, config],
  );

  const builtRef = useRef(built);
  builtRef.current = built;
  const piecePlanRef = useRef(piecePlan);
  piecePlanRef.current = piecePlan;

  // Pieces that only fly past (a fling, a scrubber drag) are not fetched: the segments to load follow the
  // rendered pieces once they have held still briefly, and at least every LOAD_MAX_WAIT_MS while scrolling on.
  const pendingNear = useRef<{ segments: number[]; sections: number[] } | null>(null);
  const loadTimer = useRef<number | null>(null);
  const firstPendingAt = useRef(0);
  const applyNear = useCallback(() => {
    loadTimer.current = null;
    const pending = pendingNear.current;
    if (!pending) return;
    pendingNear.current = null;
    setNear((current) => (sameNumbers(current, pending.segments) ? current : pending.segments));
    setNearSections((current) => (sameNumbers(current, pending.sections) ? current : pending.sections));
  }, []);
  useEffect(
    () => () => {
      if (loadTimer.current !== null) window.clearTimeout(loadTimer.current);
    },
    [],
  );

  const onRangeChange = useCallback(
    (range: VisibleRange) => {
      const sections = sectionsInRange(builtRef.current.model.blocks, range);
      const { pieces } = piecePlanRef.current;
      const shown = builtRef.current.sections;
      const segments = [
        ...new Set(sections.flatMap((section) => (shown[section]?.pieces ?? []).map((piece) => pieces[piece]!.segment))),
      ].sort((a, b) => a - b);
      const now = performance.now();
      if (pendingNear.current === null) firstPendingAt.current = now;
      pendingNear.current = { segments, sections };
      if (loadTimer.current !== null) window.clearTimeout(loadTimer.current);
      // Nothing shown yet (first paint, a new category): load at once.
      const immediate = builtRef.current.items.length === 0 || now - firstPendingAt.current >= LOAD_MAX_WAIT_MS;
      if (immediate) applyNear();
      else loadTimer.current = window.setTimeout(applyNear, LOAD_SETTLE_MS);
    },
    [applyNear],
  );
  const loadMore = useCallback(() => {
    const loadedUpTo = Math.max(-1, ...wanted);
    const target = loadedUpTo + 1 < plan.segments.length ? loadedUpTo + 1 : plan.segments.findIndex((_, index) => !wanted.includes(index));
    if (target >= 0) setExtra((current) => (current.includes(target) ? current : [...current, target]));
  }, [wanted, plan]);

  const groupItems = useCallback(
    (group: number) => {
      const { sections, groupSections } = builtRef.current;
      const first = groupSections[group] ?? -1;
      const shared = sections[first]?.members?.find((member) => member.group === group);
      if (shared) return [...shared.items];
      const items: FileItem[] = [];
      for (let i = first; i >= 0 && i < sections.length && sections[i]!.group === group && !sections[i]!.members; i++) items.push(...sections[i]!.items);
      return items;
    },
    [],
  );

  const pendingVisible = useMemo(
    () => nearSections.some((index) => built.sections[index]?.items.some((item) => item.mediaStatus === 'PENDING')),
    [nearSections, built.sections],
  );

  return {
    groups,
    total: groupsQuery.data?.total ?? 0,
    sections: built.sections,
    sectionKeys: built.sectionKeys,
    model: built.model,
    groupTops: built.groupTops,
    items: built.items,
    monthStarts: built.monthStarts,
    groupItems,
    isLoading: groupsQuery.isLoading,
    isError: groupsQuery.isError && !groupsQuery.data,
    refetch: groupsQuery.refetch,
    onRangeChange,
    loadMore,
    pendingVisible,
  };
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * A page of a day asked by keyset when a neighbouring page of the same day is loaded: after the last photo of the page
 * above, or before the first photo of the page below; otherwise by offset (the first page, or a jump into the day).
 */
function withCursor(
  page: GroupPageRequest,
  segment: number,
  pieces: readonly Piece[],
  groups: readonly PhotoGroup[],
  loaded: ReadonlyMap<number, GroupPage[] | undefined>,
): GroupPageRequest {
  if (page.offset === 0) return page;
  const at = pieces.findIndex((piece) => piece.segment === segment && piece.offset === page.offset && groups[piece.group]?.key === page.key);
  if (at < 0) return page;
  const above = pieces[at - 1];
  const below = pieces[at + 1];
  const cursorOf = (item: FileItem | undefined) =>
    item && typeof item.takenDate === 'number' ? { takenDate: item.takenDate, uuid: item.uuid } : undefined;
  const previous = above && above.offset + above.limit === page.offset ? pageOf(above, page.key, loaded.get(above.segment)) : undefined;
  const after = previous && previous.items.length === above!.limit ? cursorOf(previous.items.at(-1)) : undefined;
  if (after) return { ...page, after };
  const next = below && below.offset === page.offset + page.limit ? pageOf(below, page.key, loaded.get(below.segment)) : undefined;
  const before = next ? cursorOf(next.items[0]) : undefined;
  return before ? { ...page, before } : page;
}
