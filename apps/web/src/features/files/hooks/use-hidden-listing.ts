import { useMemo } from 'react';
import { useAppSelector } from '@/state/hooks';
import { filesApi, useListHiddenInfiniteQuery } from '@/api/files';
import { mediaPollingInterval } from '@/media/media-item';
import { parseSortOrder } from '../sort';
import { flattenPages } from './use-files-listing';

/** Every hidden item of the account in the current sort order. */
export function useHiddenListing() {
  const sort = parseSortOrder(useAppSelector((state) => state.ui.sortOrder));
  const args = { sortBy: sort.sortBy, sortOrder: sort.sortOrder };
  // Read again while a loaded item waits for its thumbnail, as Files does: a photo hidden or deleted right after its
  // upload would otherwise keep its type icon until a reload.
  const pollingInterval = useAppSelector((state) =>
    mediaPollingInterval(filesApi.endpoints.listHidden.select(args)(state).data?.pages.flatMap((page) => page.fileList)),
  );
  const query = useListHiddenInfiniteQuery(args, { pollingInterval, skipPollingIfUnfocused: true });
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, items, sort };
}
