import { json, type MockHandler } from '@/test/fetch-mock';
import type { FileItem } from '@/api/files';
import type { Album, AlbumStatus } from './api';
import { fileItem } from '@/test/file-item';

/** A small in-memory album server for screen tests: the album calls of docs/api.md over plain arrays. */
export function albumTestServer(initial: { albums: Album[]; contents?: Record<string, FileItem[]>; library?: FileItem[] }) {
  const albums = initial.albums.map((album) => ({ ...album }));
  const contents: Record<string, FileItem[]> = { ...initial.contents };
  const library = initial.library ?? [];
  const find = (uuid: string) => albums.find((album) => album.uuid === uuid);
  const setStatus = (uuids: string[], status: AlbumStatus) => {
    for (const album of albums) if (uuids.includes(album.uuid)) album.status = status;
    return json({ albumList: albums.filter((album) => uuids.includes(album.uuid)) });
  };
  const countOf = (uuid: string) => {
    const items = contents[uuid] ?? [];
    return {
      imageCount: items.filter((item) => item.contentType?.startsWith('image/')).length,
      videoCount: items.filter((item) => item.contentType?.startsWith('video/')).length,
    };
  };
  const view = (album: Album): Album => ({ ...album, ...countOf(album.uuid) });
  const albumRoute = (uuid: string): MockHandler => () => {
    const album = find(uuid);
    if (!album) return json({ status: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    return json({ album: view(album), fileList: contents[uuid] ?? [], page: 0, size: 100, hasMore: false });
  };

  const routes: Record<string, MockHandler> = {
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/album': ({ url }) => {
      const status = url.searchParams.get('status') ?? 'ACTIVE';
      return json({ albumList: albums.filter((album) => album.status === status).map(view), page: 0, size: 100, hasMore: false });
    },
    'POST /api/album': ({ body }) => {
      const album: Album = {
        uuid: `al-new-${albums.length}`,
        label: (body as { label: string }).label,
        contentType: 'album/photo',
        icon: 'playlist-2',
        status: 'ACTIVE',
        coverPhotoUuid: null,
        coverPhoto: null,
        imageCount: 0,
        videoCount: 0,
        createdDate: 1,
        lastModifiedDate: 1,
      };
      albums.unshift(album);
      registerAlbum(album.uuid);
      return json(album);
    },
    'DELETE /api/album/hide': ({ body }) => setStatus(body as string[], 'HIDDEN'),
    'DELETE /api/album/trash': ({ body }) => setStatus(body as string[], 'TRASHED'),
    'POST /api/album/recover': ({ body }) => setStatus(body as string[], 'ACTIVE'),
    'DELETE /api/album': ({ body }) => {
      const uuids = body as string[];
      for (const uuid of uuids) {
        const at = albums.findIndex((album) => album.uuid === uuid);
        if (at >= 0) albums.splice(at, 1);
      }
      return json({ deleted: uuids.length });
    },
    'POST /api/album/download': ({ body }) => new Response(`/api/download/zip/tok-${(body as { albumUuid: string }).albumUuid}`, { headers: { 'content-type': 'text/plain' } }),
    'GET /api/search/byField': () => json({ fileList: library, page: 0, size: 50, hasMore: false }),
  };
  // Registered per album (the fake fetch matches exact paths), also for albums created during a test.
  function registerAlbum(uuid: string) {
    routes[`GET /api/album/${uuid}`] = albumRoute(uuid);
    routes[`PUT /api/album/rename/${uuid}`] = ({ url }) => {
      find(uuid)!.label = url.searchParams.get('newLabel') ?? '';
      return json(view(find(uuid)!));
    };
    routes[`PUT /api/album/addFiles/${uuid}`] = ({ body }) => {
      const have = contents[uuid] ?? [];
      const added = library.filter((item) => (body as string[]).includes(item.uuid) && !have.some((own) => own.uuid === item.uuid));
      contents[uuid] = [...have, ...added];
      return json(view(find(uuid)!));
    };
    routes[`PUT /api/album/removeFiles/${uuid}`] = ({ body }) => {
      contents[uuid] = (contents[uuid] ?? []).filter((item) => !(body as string[]).includes(item.uuid));
      return json(view(find(uuid)!));
    };
    routes[`PUT /api/album/coverPhoto/${uuid}`] = ({ url }) => {
      find(uuid)!.coverPhotoUuid = url.searchParams.get('coverPhotoUuid');
      return json(view(find(uuid)!));
    };
  }
  for (const album of albums) registerAlbum(album.uuid);
  return { albums, contents, routes };
}

export function albumFixture(uuid: string, label: string, extra: Partial<Album> = {}): Album {
  return {
    uuid,
    label,
    contentType: 'album/photo',
    icon: 'playlist-2',
    status: 'ACTIVE',
    coverPhotoUuid: null,
    coverPhoto: null,
    imageCount: 0,
    videoCount: 0,
    createdDate: 1,
    lastModifiedDate: 1,
    ...extra,
  };
}

export function photoFixture(uuid: string, name: string, extra: Partial<FileItem> = {}): FileItem {
  return fileItem({
    uuid,
    name,
    folder: false,
    bytes: 1000,
    contentType: 'image/jpeg',
    parentFolderUuid: null,
    projectId: 'p-1',
    status: 'ACTIVE',
    favourite: false,
    thumbnailUrl: `/api/media/${uuid}/thumb.webp?sig=s`,
    previewUrl: `/api/media/${uuid}/preview.webp?sig=s`,
    width: 4000,
    height: 3000,
    takenDate: 1_700_000_000_000,
    mediaStatus: 'READY',
    ...extra,
  });
}
