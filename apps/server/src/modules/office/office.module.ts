import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { AccessPolicy } from '../../shared/access/access-policy.js';
import { hours } from '../../shared/time.js';
import { FileChangesService, type DerivativeLinks } from '../files/files.public.js';
import { WopiDiscovery } from './office.discovery.js';
import { OFFICE_PREVIEW_JOB, OfficePreviews } from './office.preview.js';
import { purgeAccount } from './office.repository.js';
import { officeRoutes } from './office.routes.js';
import { OfficeService } from './office.service.js';
import { WopiService } from './office.wopi.js';
import { wopiRoutes } from './office.wopi.routes.js';

export const OFFICE_SWEEP_SCHEDULE = 'office.sweep';

/**
 * Office documents (issue 33): blank documents, the editor's open configuration, the WOPI host, and first-page previews
 * of office files and PDFs. OFFICE_WOPI_URL plugs in a Collabora Online or ONLYOFFICE server.
 */
export function officeModule(d: {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  access: AccessPolicy;
  links: DerivativeLinks;
  logger: FastifyBaseLogger;
  publicUrl: string | null;
  wopiUrl: string | null;
  clock?: () => number;
}): ModuleWith<OfficeService> {
  const clock = d.clock ?? Date.now;
  const discovery = d.wopiUrl ? new WopiDiscovery(d.wopiUrl, clock) : null;
  const office = new OfficeService({ ...d, discovery, clock });
  const wopi = new WopiService({ db: d.db, blobs: d.blobs, jobs: d.jobs, access: d.access, changes: new FileChangesService({ db: d.db, jobs: d.jobs }), clock });
  const previews = new OfficePreviews(d);
  return {
    name: 'office',
    routes: routes(
      async (app, opts: { office: OfficeService; wopi: WopiService; publicUrl: string | null }) => {
        await app.register(officeRoutes, { office: opts.office, publicUrl: opts.publicUrl });
        await app.register(wopiRoutes, { wopi: opts.wopi, publicUrl: opts.publicUrl });
      },
      { office, wopi, publicUrl: d.publicUrl },
    ),
    jobs: [
      {
        type: OFFICE_PREVIEW_JOB,
        handler: (payload) => previews.process((payload as { fileId: string }).fileId),
        // LibreOffice takes a core and a few hundred MB while it converts: one conversion at a time per process.
        options: { maxAttempts: 3, backoffMs: 60_000, concurrency: 1, fair: true },
      },
    ],
    schedules: [{ name: OFFICE_SWEEP_SCHEDULE, everyMs: hours(1), run: () => office.sweep() }],
    tables: ['office_token', 'office_lock'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: office,
  };
}
