import type { GroupPageRequest, PhotoGroup } from './api';

/** At most this many photos per request: a screenful or two, so the first pictures come quickly. */
export const SEGMENT_MAX_ITEMS = 200;
/** At most this many day pages per request ("a few groups per request"; the server takes up to 50). */
export const SEGMENT_MAX_GROUPS = 12;

export interface Segment {
  index: number;
  pages: GroupPageRequest[];
}

export interface SegmentPlan {
  segments: Segment[];
  /** For each group (by index), the segments holding its pages, in page order. */
  groupSegments: number[][];
}

/**
 * Cuts the timeline into requests: days in order, a big day split into pages of SEGMENT_MAX_ITEMS, pages packed
 * into segments of at most SEGMENT_MAX_ITEMS photos and SEGMENT_MAX_GROUPS pages. The plan depends only on the
 * groups, so the same segment is the same request (and the same cache entry) every time.
 */
export function planSegments(groups: readonly Pick<PhotoGroup, 'key' | 'count'>[]): SegmentPlan {
  const segments: Segment[] = [];
  const groupSegments: number[][] = [];
  let current: Segment | null = null;
  let currentItems = 0;
  groups.forEach((group, groupIndex) => {
    const owned: number[] = [];
    for (let offset = 0; offset < Math.max(group.count, 1); offset += SEGMENT_MAX_ITEMS) {
      const limit = Math.min(SEGMENT_MAX_ITEMS, Math.max(group.count - offset, 1));
      if (!current || currentItems + limit > SEGMENT_MAX_ITEMS || current.pages.length >= SEGMENT_MAX_GROUPS) {
        current = { index: segments.length, pages: [] };
        currentItems = 0;
        segments.push(current);
      }
      current.pages.push({ key: group.key, offset, limit });
      currentItems += limit;
      if (owned[owned.length - 1] !== current.index) owned.push(current.index);
    }
    groupSegments[groupIndex] = owned;
  });
  return { segments, groupSegments };
}
