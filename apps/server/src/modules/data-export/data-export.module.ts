import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { routes, type ModuleManifest, type ModuleWith } from '../../infra/module-manifest.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { minutes } from '../../shared/time.js';
import { dataExportRoutes } from './data-export.routes.js';
import { DATA_EXPORT_JOB, DataExportService, type BuildPayload, type ExportContributor } from './data-export.service.js';

export const PURGE_EXPORTS_SCHEDULE = 'data-export.purge-expired';
/** Attempts of one export job (each goes on after the last part written) before it is given up as FAILED. */
const BUILD_ATTEMPTS = 10;

/** Download all my data (issue 34): what every module gives through its manifest's `exportAccount`, in zip parts. */
export function dataExportModule(d: {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  messages: MessageJobs;
  signer: UrlSigner;
  logger: FastifyBaseLogger;
  partLimit: number;
  publicUrl: string | null;
  modules: () => readonly ModuleManifest[];
}): ModuleWith<DataExportService> {
  const contributors = () =>
    d.modules().flatMap((m): ExportContributor[] => (m.exportAccount ? [{ name: m.name, exportAccount: m.exportAccount }] : []));
  const exports = new DataExportService({ ...d, contributors });
  return {
    name: 'data-export',
    routes: routes(dataExportRoutes, { exports, publicUrl: d.publicUrl }),
    jobs: [
      {
        type: DATA_EXPORT_JOB,
        handler: (p, ctx) => exports.build(p as BuildPayload, ctx.attempt >= BUILD_ATTEMPTS),
        // Its own slot: an export of a large account runs for an hour and must not hold the shared ones that long.
        options: { maxAttempts: BUILD_ATTEMPTS, backoffMs: 10_000, concurrency: 1 },
      },
    ],
    schedules: [{ name: PURGE_EXPORTS_SCHEDULE, everyMs: minutes(60), run: () => exports.purgeExpired() }],
    tables: ['data_export'],
    purgeAccount: (account) => exports.purgeAccount(account.id),
    service: exports,
  };
}
