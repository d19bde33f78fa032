export type PhotosTabKey = 'all' | 'favourites' | 'videos' | 'albums' | 'family';

export interface PhotosTab {
  key: PhotosTabKey;
  /** The photos tab defaults to All with id 1. */
  id: number;
  path: string;
}

export const PHOTOS_TABS: readonly PhotosTab[] = [
  { key: 'all', id: 1, path: '/main/photos/all' },
  { key: 'favourites', id: 2, path: '/main/photos/favourites' },
  { key: 'videos', id: 3, path: '/main/photos/videos' },
  { key: 'albums', id: 4, path: '/main/album' },
];

/** The family library (issue 35): a tab beside My photos for members of a family plan. */
export const FAMILY_LIBRARY_PATH = '/main/family-library';

/** The tab a location belongs to: album screens count as Albums; anything else under photos as its category. */
export function activePhotosTab(pathname: string): PhotosTabKey | null {
  if (pathname === FAMILY_LIBRARY_PATH) return 'family';
  if (pathname === '/main/album' || pathname.startsWith('/main/album/') || pathname.startsWith('/main/photos/album/')) return 'albums';
  const match = /^\/main\/photos\/([^/]+)\/?$/.exec(pathname);
  if (!match) return pathname === '/main/photos' ? 'all' : null;
  const tab = PHOTOS_TABS.find((candidate) => candidate.key === match[1]);
  return tab ? tab.key : null;
}
