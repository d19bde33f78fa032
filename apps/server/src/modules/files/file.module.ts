import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type JobDeclaration, type ModuleWith } from '../../infra/module-manifest.js';
import type { DerivativeLinks } from './file.schemas.js';
import { FilesService, PURGE_BLOBS_JOB } from './file.service.js';
import { fileRoutes } from './file.routes.js';

/** Blobs go only after the rows are gone for good; the store's delete is idempotent, so a retried job is harmless. */
const purgeBlobsJob = (blobs: BlobStore): JobDeclaration => ({
  type: PURGE_BLOBS_JOB,
  handler: async (payload) => {
    for (const key of (payload as { keys: string[] }).keys) await blobs.delete(key);
  },
  options: { maxAttempts: 10, backoffMs: 10_000 },
});

export function filesModule(d: { db: Kysely<DB>; jobs: JobQueue; blobs: BlobStore; links: DerivativeLinks }): ModuleWith<FilesService> {
  const files = new FilesService(d);
  return {
    name: 'files',
    routes: routes(fileRoutes, { files }),
    jobs: [purgeBlobsJob(d.blobs)],
    tables: ['file', 'file_activity'],
    service: files,
  };
}
