import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { AlbumsService, type AlbumsServiceDeps } from './album.service.js';
import { albumRoutes } from './album.routes.js';
import { purgeAccount } from './album.repository.js';
import type { AlbumStreams } from './album.streams.js';

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
    routes: routes(albumRoutes, { albums }),
    tables: ['album', 'album_file'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: albums,
  };
}
