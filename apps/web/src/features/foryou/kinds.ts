import { readStorage, storageKeys } from '@/lib/storage-keys';
import { paths } from '@/config/paths';
import {
  useListAnimationsQuery,
  useListCollagesQuery,
  useListForyouAlbumsQuery,
  useListMemoryVideosQuery,
  useListStoriesQuery,
  useListStyledPhotosQuery,
  useListYearsAgoItemsQuery,
  type ForyouItem,
  type ForyouKind,
  type ForyouPage,
  type PageArg,
} from './api';

/** The rows of /main/foryou, in this order; each is also a `?kind=` of /main/foryou/seeAll. */
export const ROW_KINDS = ['yearsAgo', 'stories', 'collages', 'animations', 'albums', 'videos', 'styled'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** /main/foryou/seeAll?kind=<row> (spec 001 §2; kept here, not in config/paths.ts, which is in the entry chunk). */
export function seeAllPath(kind: RowKind): string {
  return `${paths.forYou}/seeAll?${new URLSearchParams({ kind }).toString()}`;
}

export function isRowKind(value: string | null): value is RowKind {
  return (ROW_KINDS as readonly string[]).includes(value ?? '');
}

interface ListResult {
  data?: ForyouPage;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Each row's list call (the generated hooks share one argument and answer shape). */
export const LIST_HOOKS: Record<RowKind, (arg: PageArg, options?: { skip?: boolean }) => ListResult> = {
  yearsAgo: useListYearsAgoItemsQuery,
  stories: useListStoriesQuery,
  collages: useListCollagesQuery,
  animations: useListAnimationsQuery,
  albums: useListForyouAlbumsQuery,
  videos: useListMemoryVideosQuery,
  styled: useListStyledPhotosQuery,
};

/** How an item opens: a story player over its photos, a picture, or a video. */
export type Opening = 'story' | 'image' | 'video';

export function openingOf(kind: ForyouKind): Opening {
  if (kind === 'YEARS_AGO' || kind === 'STORY' || kind === 'ALBUM') return 'story';
  return kind === 'VIDEO' ? 'video' : 'image';
}

/** Kinds whose result can be shared: a saved file or album gets a public link. */
export function canShare(kind: ForyouKind): boolean {
  return kind !== 'YEARS_AGO' && kind !== 'STORY';
}

/** Kinds the user can keep (a years-ago memory is the day's view of photos already kept). */
export function canSave(kind: ForyouKind): boolean {
  return kind !== 'YEARS_AGO';
}

/**
 * The year-in-review story shows only where the local flag `yilsonu_timeline_enabled` is 'true' (spec 000 §3 keeps
 * it in the browser; absent or anything else means off).
 */
export function visibleItems(items: readonly ForyouItem[]): ForyouItem[] {
  const yearInReview = readStorage(storageKeys.yearInReview) === 'true';
  return items.filter((item) => yearInReview || item.title.key !== 'yearInReview');
}
