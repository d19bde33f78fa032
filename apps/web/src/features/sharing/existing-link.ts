import { useEffect, useState } from 'react';
import { useListPublicSharesQuery, type PublicShare } from './api';
import { LINK_LOOKUP_PAGE_SIZE } from './constants';

const setKey = (uuids: readonly string[]) => [...new Set(uuids)].sort().join(',');

/** What a live album link shows: a user album, a person's or a place's photos. */
export type LinkContentType = NonNullable<PublicShare['contentType']>;

/**
 * My live link made for exactly these items (or this album, person or place), newest first; null when there is none.
 * `contentType`: the kind of album link wanted (a person's id is no user album's).
 */
export function findLinkFor(shares: readonly PublicShare[], fileUuidList: readonly string[], isAlbum: boolean, contentType?: LinkContentType): PublicShare | null {
  const wanted = setKey(fileUuidList);
  const kind = isAlbum ? (contentType ?? 'album/photo') : null;
  return (
    shares.find(
      (share) => !share.expired && share.isAlbum === isAlbum && (share.contentType ?? (share.isAlbum ? 'album/photo' : null)) === kind && setKey(share.fileUuidList) === wanted,
    ) ?? null
  );
}

/**
 * The link the items already have, looked up through the spec's list of my links (GET /share/public) page by page,
 * so reopening Share shows it instead of offering to create it again. `searching` while pages are still to read.
 */
export function useExistingLink(
  fileUuidList: readonly string[],
  isAlbum: boolean,
  contentType?: LinkContentType,
): { link: PublicShare | null; searching: boolean } {
  const [page, setPage] = useState(0);
  const { data, isFetching, isError } = useListPublicSharesQuery({ page, size: LINK_LOOKUP_PAGE_SIZE, sortBy: 'createdDate', sortOrder: 'DESC' });
  const link = data ? findLinkFor(data.items, fileUuidList, isAlbum, contentType) : null;
  const more = Boolean(data && !link && (page + 1) * LINK_LOOKUP_PAGE_SIZE < data.totalCount);
  useEffect(() => {
    if (more && !isFetching) setPage((current) => current + 1);
  }, [more, isFetching]);
  // A failed lookup still lets the person create (the server hands back the live link if there is one).
  return { link, searching: !isError && (!data || more) };
}
