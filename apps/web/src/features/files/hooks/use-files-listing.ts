import { useMemo } from 'react';
import { useAppSelector } from '@/state/hooks';
import { filesApi, folderListingArgs, useListFilesInfiniteQuery, type FileItem } from '@/api/files';
import { mediaPollingInterval } from '@/media/media-item';
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

/**
 * One folder's listing in the current sort order, shared by the Files screen and the preview. While any loaded
 * item still waits for its thumbnail the listing is read again every few seconds, so pictures turn up as the
 * server finishes them; polling stops once none is pending.
 */
export function useFilesListing(parentUuid: string | null) {
  const sortOrder = useAppSelector((state) => state.ui.sortOrder);
  const sort = parseSortOrder(sortOrder);
  const args = folderListingArgs(parentUuid, sort);
  // Read from the cache before subscribing: the interval depends on what the listing last returned.
  const pollingInterval = useAppSelector((state) =>
    mediaPollingInterval(filesApi.endpoints.listFiles.select(args)(state).data?.pages.flatMap((page) => page.fileList)),
  );
  const query = useListFilesInfiniteQuery(args, { pollingInterval, skipPollingIfUnfocused: true });
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, items, sort };
}
