import { useEffect, useState } from 'react';
import { useListPublicSharesQuery, type PublicShare } from './api';
import { LINK_LOOKUP_PAGE_SIZE } from './constants';

const setKey = (uuids: readonly string[]) => [...new Set(uuids)].sort().join(',');

/** My live link made for exactly these items (or this album), newest first; null when there is none. */
export function findLinkFor(shares: readonly PublicShare[], fileUuidList: readonly string[], isAlbum: boolean): PublicShare | null {
  const wanted = setKey(fileUuidList);
  return shares.find((share) => !share.expired && share.isAlbum === isAlbum && setKey(share.fileUuidList) === wanted) ?? null;
}

/**
 * The link the items already have, looked up through the spec's list of my links (GET /share/public) page by page,
 * so reopening Share shows it instead of offering to create it again. `searching` while pages are still to read.
 */
export function useExistingLink(fileUuidList: readonly string[], isAlbum: boolean): { link: PublicShare | null; searching: boolean } {
  const [page, setPage] = useState(0);
  const { data, isFetching, isError } = useListPublicSharesQuery({ page, size: LINK_LOOKUP_PAGE_SIZE, sortBy: 'createdDate', sortOrder: 'DESC' });
  const link = data ? findLinkFor(data.items, fileUuidList, isAlbum) : null;
  const more = Boolean(data && !link && (page + 1) * LINK_LOOKUP_PAGE_SIZE < data.totalCount);
  useEffect(() => {
    if (more && !isFetching) setPage((current) => current + 1);
  }, [more, isFetching]);
  // A failed lookup still lets the person create (the server hands back the live link if there is one).
  return { link, searching: !isError && (!data || more) };
}
