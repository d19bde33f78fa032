import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { FileItem } from '@/features/files/api';
import { photosApi, useGetPhotoGroupsQuery, type GroupPage, type GroupPagesArgs, type PhotoGroup } from '../api';
import { aspectRatioOf, estimateLayoutHeight, justifiedLayout, type JustifiedLayout, type LayoutConfig } from '@/media/grid/layout';
import { planSegments } from '../segments';
import type { PhotoCategory } from '../tabs';
import { buildVirtualModel, sectionsInRange, type VirtualModel, type VirtualSectionInput, type VisibleRange } from '@/media/grid/virtual-window';
import type { PhotoSection } from '@/media/grid/virtual-photo-list';

/** Height of a day header, and of the first day of a month (which also names the month). */
export const DAY_HEADER_HEIGHT = 44;
export const MONTH_HEADER_HEIGHT = 92;

const NO_GROUPS: PhotoGroup[] = [];
/** The rendered days must hold this long before their photos are requested… */
const LOAD_SETTLE_MS = 90;
/** …or this long at most while the list keeps moving. */
const LOAD_MAX_WAIT_MS = 350;

export interface Timeline {
  groups: PhotoGroup[];
  total: number;
  sections: PhotoSection[];
  sectionKeys: string[];
  model: VirtualModel;
  /** Every loaded photo in timeline order (what the viewer steps through). */
  items: FileItem[];
  /** Whether a group's header starts a new month. */
  monthStarts: boolean[];
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

interface CachedItems {
  pages: GroupPage[];
  items: FileItem[];
}

interface CachedLayout {
  items: FileItem[];
  width: number;
  config: LayoutConfig;
  layout: JustifiedLayout;
}

/**
 * The data side of the timeline: all day groups first (one small request), then the photos of the days near
 * the viewport a segment at a time. Days not loaded are laid out from their count; a day whose photos were
 * loaded once keeps its measured height after its data is dropped, so the timeline does not shift.
 */
export function useTimeline(category: PhotoCategory, width: number, config: LayoutConfig): Timeline {
  const dispatch = useAppDispatch();
  const groupsQuery = useGetPhotoGroupsQuery(category);
  const groups = groupsQuery.data?.groups ?? NO_GROUPS;
  const plan = useMemo(() => planSegments(groups), [groups]);
  const [near, setNear] = useState<number[]>([]);
  const [extra, setExtra] = useState<number[]>([]);
  const [nearGroups, setNearGroups] = useState<number[]>([]);

  // Another plan (new uploads, a change) means other segments: start from what is on screen again.
  useEffect(() => {
    setExtra([]);
  }, [plan]);

  const wanted = useMemo(() => [...new Set([...near, ...extra])].filter((index) => index < plan.segments.length).sort((a, b) => a - b), [near, extra, plan]);

  // One subscription per wanted segment, added and dropped one by one (not all renewed on every change);
  // dropped ones stay cached for keepUnusedDataFor (10 s), so scrolling back is instant.
  const subscriptions = useRef(new Map<string, { unsubscribe(): void }>());
  useEffect(() => {
    const current = subscriptions.current;
    const next = new Map<string, GroupPagesArgs>();
    for (const index of wanted) {
      const args = { category, body: { groups: plan.segments[index]!.pages } };
      next.set(JSON.stringify(args), args);
    }
    for (const [key, subscription] of current) {
      if (!next.has(key)) {
        subscription.unsubscribe();
        current.delete(key);
      }
    }
    for (const [key, args] of next) {
      if (!current.has(key)) current.set(key, dispatch(photosApi.endpoints.listPhotoGroups.initiate(args)));
    }
  }, [dispatch, category, plan, wanted]);
  useEffect(() => {
    const current = subscriptions.current;
    return () => {
      for (const subscription of current.values()) subscription.unsubscribe();
      current.clear();
    };
  }, []);

  const selectors = useMemo(
    () => plan.segments.map((segment) => photosApi.endpoints.listPhotoGroups.select({ category, body: { groups: segment.pages } })),
    [plan, category],
  );
  const segmentData = useAppSelector((state) => selectors.map((select) => select(state).data), shallowEqual);

  const itemsCache = useRef(new Map<string, CachedItems>());
  const layoutCache = useRef(new Map<string, CachedLayout>());
  const heightCache = useRef(new Map<string, { count: number; width: number; target: number; height: number }>());

  const built = useMemo(() => {
    const sections: PhotoSection[] = [];
    const inputs: VirtualSectionInput[] = [];
    const keys: string[] = [];
    const monthStarts: boolean[] = [];
    const flat: FileItem[] = [];
    groups.forEach((group, groupIndex) => {
      // The day's pages that are loaded, from its first page on without a gap.
      const pages: GroupPage[] = [];
      for (const segmentIndex of plan.groupSegments[groupIndex] ?? []) {
        const data = segmentData[segmentIndex];
        const segment = plan.segments[segmentIndex]!;
        let complete = true;
        for (const request of segment.pages) {
          if (request.key !== group.key) continue;
          const page = data?.find((candidate) => candidate.key === group.key && candidate.offset === request.offset);
          if (!page) {
            complete = false;
            break;
          }
          pages.push(page);
        }
        if (!complete) break;
      }
      const items = itemsFor(itemsCache.current, group.key, pages);
      const layout = items.length > 0 ? layoutFor(layoutCache.current, group.key, items, width, config) : null;
      const missing = Math.max(0, group.count - items.length);
      const known = heightCache.current.get(group.key);
      let pendingHeight = 0;
      if (items.length > 0 && missing === 0 && layout) {
        heightCache.current.set(group.key, { count: group.count, width, target: config.targetRowHeight, height: layout.height });
      } else if (items.length === 0 && known && known.count === group.count && known.width === width && known.target === config.targetRowHeight) {
        pendingHeight = known.height;
      } else if (missing > 0) {
        pendingHeight = estimateLayoutHeight(missing, width, config) + (layout ? config.boxSpacing.vertical : 0);
      }
      const previous = groups[groupIndex - 1];
      const monthStart = !previous || previous.year !== group.year || previous.month !== group.month;
      const headerHeight = monthStart ? MONTH_HEADER_HEIGHT : DAY_HEADER_HEIGHT;
      sections.push({ key: group.key, items, firstIndex: flat.length, headerHeight, layout });
      inputs.push({ key: group.key, headerHeight, layout, pendingHeight });
      keys.push(group.key);
      monthStarts.push(monthStart);
      for (const item of items) flat.push(item);
    });
    return { sections, keys, monthStarts, flat, model: buildVirtualModel(inputs) };
  }, [groups, plan, segmentData, width, config]);

  const builtRef = useRef(built);
  builtRef.current = built;
  const planRef = useRef(plan);
  planRef.current = plan;

  // Days that only fly past (a fling, a scrubber drag) are not fetched: the segments to load follow the
  // rendered days once they have held still briefly, and at least every LOAD_MAX_WAIT_MS while scrolling on.
  const pendingNear = useRef<{ segments: number[]; sections: number[] } | null>(null);
  const loadTimer = useRef<number | null>(null);
  const firstPendingAt = useRef(0);
  const applyNear = useCallback(() => {
    loadTimer.current = null;
    const pending = pendingNear.current;
    if (!pending) return;
    pendingNear.current = null;
    setNear((current) => (sameNumbers(current, pending.segments) ? current : pending.segments));
    setNearGroups((current) => (sameNumbers(current, pending.sections) ? current : pending.sections));
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
      const segments = [...new Set(sections.flatMap((section) => planRef.current.groupSegments[section] ?? []))].sort((a, b) => a - b);
      const now = performance.now();
      if (pendingNear.current === null) firstPendingAt.current = now;
      pendingNear.current = { segments, sections };
      if (loadTimer.current !== null) window.clearTimeout(loadTimer.current);
      // Nothing shown yet (first paint, a new category): load at once.
      const immediate = builtRef.current.flat.length === 0 || now - firstPendingAt.current >= LOAD_MAX_WAIT_MS;
      if (immediate) applyNear();
      else loadTimer.current = window.setTimeout(applyNear, LOAD_SETTLE_MS);
    },
    [applyNear],
  );

  const loadMore = useCallback(() => {
    const loadedUpTo = Math.max(-1, ...wanted);
    const next = segmentData.findIndex((data, index) => index > loadedUpTo && !data);
    const target = next >= 0 ? next : segmentData.findIndex((data) => !data);
    if (target >= 0) setExtra((current) => (current.includes(target) ? current : [...current, target]));
  }, [wanted, segmentData]);

  const pendingVisible = useMemo(
    () => nearGroups.some((index) => built.sections[index]?.items.some((item) => item.mediaStatus === 'PENDING')),
    [nearGroups, built.sections],
  );

  return {
    groups,
    total: groupsQuery.data?.total ?? 0,
    sections: built.sections,
    sectionKeys: built.keys,
    model: built.model,
    items: built.flat,
    monthStarts: built.monthStarts,
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

function itemsFor(cache: Map<string, CachedItems>, key: string, pages: GroupPage[]): FileItem[] {
  if (pages.length === 0) return [];
  const cached = cache.get(key);
  if (cached && cached.pages.length === pages.length && cached.pages.every((page, index) => page === pages[index])) return cached.items;
  const items = pages.length === 1 ? pages[0]!.items : pages.flatMap((page) => page.items);
  cache.set(key, { pages, items });
  return items;
}

function layoutFor(cache: Map<string, CachedLayout>, key: string, items: FileItem[], width: number, config: LayoutConfig): JustifiedLayout {
  const cached = cache.get(key);
  if (cached && cached.items === items && cached.width === width && cached.config === config) return cached.layout;
  const layout = justifiedLayout(items.map((item) => aspectRatioOf(item.width, item.height)), width, config);
  cache.set(key, { items, width, config, layout });
  return layout;
}
