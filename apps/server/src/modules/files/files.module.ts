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
import { days, hours, minutes } from '../../shared/time.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fileVersionsRoutes } from './files.versions.routes.js';
import { FileVersionsService } from './files.versions.service.js';
import { pruneVersions } from './files.versions.writer.js';
import { purgeAccountFiles } from './files.purge-account.js';
import { CONTENT_SWEEP_MS, sweepContent } from './files.content.js';

export const PURGE_BOUNDARIES_SCHEDULE = 'files.purge-listing-boundaries';

export const PRUNE_VERSIONS_SCHEDULE = 'files.prune-versions';

export const SWEEP_CONTENT_SCHEDULE = 'files.sweep-content';

type AllRoutes = { files: FilesService; changes: FileChangesService; versions: FileVersionsService };
const allRoutes: FastifyPluginAsyncTypebox<AllRoutes> = async (app, o) => {
  await filesRoutes(app, o);
  await fileVersionsRoutes(app, o);
};

export function filesModule(d: {
  db: Kysely<DB>;
  jobs: JobQueue;
  blobs: BlobStore;
  links: DerivativeLinks;
  /** The media module's processing job, for a restored photo (files cannot import media). */
  mediaJob?: string;
  clock?: () => number;
}): ModuleWith<FilesService> {
  const files = new FilesService(d);
  const changes = new FileChangesService(d);
  const versions = new FileVersionsService(d);
  const clock = d.clock ?? Date.now;
  return {
    name: 'files',
    routes: routes(allRoutes, { files, changes, versions }),
    jobs: [purgeBlobsJob(d.blobs, d.db)],
    schedules: [
      { name: PURGE_BOUNDARIES_SCHEDULE, everyMs: minutes(60), run: () => purgeBefore(d.db, Date.now() - days(1)) },
      // Version retention (issue 33): the rule is by day, so a few runs a day keep it exact enough.
      { name: PRUNE_VERSIONS_SCHEDULE, everyMs: hours(6), run: () => pruneVersions(d.db, d.jobs, clock()) },
      // Shared content (issue 35): releases a kill interrupted, and bytes nothing names, within one period.
      { name: SWEEP_CONTENT_SCHEDULE, everyMs: CONTENT_SWEEP_MS, run: () => sweepContent(d.db, d.blobs) },
    ],
    tables: ['file', 'file_activity', 'listing_boundary', 'file_version', 'content_blob'],
    purgeAccount: (account) => purgeAccountFiles(d.db, d.blobs, account.id),
    service: files,
  };
}
