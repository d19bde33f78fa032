import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { useGetFilesInfiniteQuery, type FileItem } from '../api';
import { parseSortOrder } from '../sort';

/** Flattens the loaded pages; an item seen twice (the listing shifted between pages) is kept once. */
export function flattenPages(pages: readonly { fileList: FileItem[] }[] | undefined): FileItem[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const items: FileItem[] = [];
  for (const page of pages) {
    for (const item of page.fileList) {
      if (seen.has(item.uuid)) continue;
      seen.add(item.uuid);
      items.push(item);
    }
  }
  return items;
}

/** One folder's listing in the current sort order, shared by the Files screen and the preview. */
export function useFilesListing(parentUuid: string | null) {
  const sortOrder = useAppSelector((state) => state.ui.sortOrder);
  const sort = parseSortOrder(sortOrder);
  const query = useGetFilesInfiniteQuery({ parentUuid, sortBy: sort.sortBy, sortOrder: sort.sortOrder });
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, items, sort };
}
