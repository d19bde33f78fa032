import { useMemo } from 'react';
import { useAppSelector } from '@/state/hooks';
import { useListHiddenInfiniteQuery } from '@/api/files';
import { parseSortOrder } from '../sort';
import { flattenPages } from './use-files-listing';

/** Every hidden item of the account in the current sort order. */
export function useHiddenListing() {
  const sort = parseSortOrder(useAppSelector((state) => state.ui.sortOrder));
  const query = useListHiddenInfiniteQuery({ sortBy: sort.sortBy, sortOrder: sort.sortOrder });
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, items, sort };
}
