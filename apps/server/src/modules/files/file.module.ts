import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { DerivativeLinks } from './file.schemas.js';
import { FileChangesService } from './file-changes.service.js';
import { ListingCache } from './file.listing-cache.js';
import { FilesService } from './file.service.js';
import { purgeBlobsJob } from './file.jobs.js';
import { fileRoutes } from './file.routes.js';

export function filesModule(d: { db: Kysely<DB>; jobs: JobQueue; blobs: BlobStore; links: DerivativeLinks }): ModuleWith<FilesService> {
  // One cache for both: changes drop the page boundaries the listings remember.
  const cache = new ListingCache();
  const files = new FilesService({ ...d, cache });
  const changes = new FileChangesService({ ...d, cache });
  return {
    name: 'files',
    routes: routes(fileRoutes, { files, changes }),
    jobs: [purgeBlobsJob(d.blobs)],
    tables: ['file', 'file_activity'],
    service: files,
  };
}
