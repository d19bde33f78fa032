import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { DerivativeLinks } from '../files/file.schemas.js';
import { AlbumsService, type ZipLinks } from './album.service.js';
import { albumRoutes } from './album.routes.js';

export function albumsModule(d: { db: Kysely<DB>; links: DerivativeLinks; zips: ZipLinks }): ModuleWith<AlbumsService> {
  const albums = new AlbumsService({ db: d.db, links: d.links, zips: d.zips });
  return { name: 'albums', routes: routes(albumRoutes, { albums }), tables: ['album', 'album_file'], service: albums };
}
