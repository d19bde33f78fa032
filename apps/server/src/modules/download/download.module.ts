import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import { DownloadService, purgeExpiredZipLists } from './download.service.js';
import { downloadRoutes } from './download.routes.js';
import { purgeAccount } from './download.repository.js';

export const PURGE_ZIP_LISTS_SCHEDULE = 'download.purge-expired-zips';

export function downloadModule(d: { db: Kysely<DB>; blobs: BlobStore; logger: FastifyBaseLogger }): ModuleWith<DownloadService> {
  const downloads = new DownloadService(d);
  return {
    name: 'download',
    routes: routes(downloadRoutes, { downloads }),
    schedules: [{ name: PURGE_ZIP_LISTS_SCHEDULE, everyMs: minutes(60), run: () => purgeExpiredZipLists(d.db) }],
    tables: ['download_zip'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: downloads,
  };
}
