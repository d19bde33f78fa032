import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { DerivativeLinks } from './files.schemas.js';
import { FileChangesService } from './files.changes.service.js';
import { purgeBefore } from './files.listing-boundary.repository.js';
import { FilesService } from './files.service.js';
import { purgeBlobsJob } from './files.jobs.js';
import { filesRoutes } from './files.routes.js';
import { days, minutes } from '../../shared/time.js';
import { purgeAccountFiles } from './files.purge-account.js';

export const PURGE_BOUNDARIES_SCHEDULE = 'files.purge-listing-boundaries';

export function filesModule(d: { db: Kysely<DB>; jobs: JobQueue; blobs: BlobStore; links: DerivativeLinks }): ModuleWith<FilesService> {
  const files = new FilesService(d);
  const changes = new FileChangesService(d);
  return {
    name: 'files',
    routes: routes(filesRoutes, { files, changes }),
    jobs: [purgeBlobsJob(d.blobs, d.db)],
    schedules: [{ name: PURGE_BOUNDARIES_SCHEDULE, everyMs: minutes(60), run: () => purgeBefore(d.db, Date.now() - days(1)) }],
    tables: ['file', 'file_activity', 'listing_boundary'],
    purgeAccount: (account) => purgeAccountFiles(d.db, d.blobs, account.id),
    service: files,
  };
}
