import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { AlbumsService, type AlbumsServiceDeps } from './albums.service.js';
import { albumsRoutes } from './albums.routes.js';
import { purgeAccount } from './albums.repository.js';
import { exportAlbums } from './albums.export.js';
import type { AlbumStreams } from './albums.streams.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The album stream registry (the people, places and things modules register on it; tests register their own). */
    albumStreams: AlbumStreams;
  }
}

export function albumsModule(d: AlbumsServiceDeps): ModuleWith<AlbumsService> {
  const albums = new AlbumsService(d);
  return {
    name: 'albums',
    routes: routes(albumsRoutes, { albums }),
    tables: ['album', 'album_file'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    exportAccount: (accountId, archive) => exportAlbums(d.db, accountId, archive),
    service: albums,
  };
}
