import { useMemo } from 'react';
import { useAppSelector } from '@/state/hooks';
import { useListTrashInfiniteQuery } from '@/api/files';
import { parseSortOrder } from '../sort';
import { flattenPages } from './use-files-listing';

/** The trash in the current sort order; shared by the Trash screen and the header's Delete All. */
export function useTrashListing() {
  const sort = parseSortOrder(useAppSelector((state) => state.ui.sortOrder));
  const query = useListTrashInfiniteQuery({ sortBy: sort.sortBy, sortOrder: sort.sortOrder });
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, items, sort };
}
