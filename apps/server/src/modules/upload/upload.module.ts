import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { sweepTemp } from '../../infra/blob-store/temp-sweep.js';
import { minutes } from '../../shared/time.js';
import { ASSEMBLE_UPLOAD_JOB } from './upload.assembly.js';
import { abortStaleUploads } from './upload.housekeeping.js';
import { UploadService } from './upload.service.js';
import { uploadRoutes } from './upload.routes.js';
import { purgeAccountUploads, type UploadDeps } from './upload.finish.js';
import { INDEX_PIECES_JOB, indexPieces } from './upload.content.js';

export const ABORT_STALE_UPLOADS_SCHEDULE = 'upload.abort-stale';

export function uploadModule(d: {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  links: NonNullable<UploadDeps['links']>;
  figures: NonNullable<UploadDeps['figures']>;
  publicUrl: string | null;
}): ModuleWith<UploadService> {
  const uploads = new UploadService({
    db: d.db,
    blobs: d.blobs,
    jobs: d.jobs,
    logger: d.logger,
    links: d.links,
    figures: d.figures,
  });
  return {
    name: 'upload',
    routes: routes(uploadRoutes, { uploads, publicUrl: d.publicUrl }),
    jobs: [
      {
        type: ASSEMBLE_UPLOAD_JOB,
        handler: (p) => uploads.resumeAssembly((p as { uploadId: string }).uploadId),
        options: { maxAttempts: 8, backoffMs: 10_000 },
      },
      {
        type: INDEX_PIECES_JOB,
        handler: (p) => indexPieces(d, (p as { fileId: string }).fileId),
        // One at a time (it reads a whole blob), fair across accounts like media processing.
        options: { maxAttempts: 5, backoffMs: 30_000, concurrency: 1, fair: true },
      },
    ],
    schedules: [
      {
        name: ABORT_STALE_UPLOADS_SCHEDULE,
        // As often as an idle upload gives its reservation back, so it is held at most twice that long.
        everyMs: minutes(15),
        // Also temp files a crash left behind (requests and jobs remove their own); main.ts sweeps once at start too.
        run: async () => ({ ...(await abortStaleUploads(d)), temp: await sweepTemp(d.blobs) }),
      },
    ],
    tables: ['upload', 'content_piece'],
    purgeAccount: (account) => purgeAccountUploads(d, account.id),
    service: uploads,
  };
}
