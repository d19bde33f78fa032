import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleManifest } from '../../infra/module-manifest.js';
import type { AuthService } from '../auth/auth.public.js';
import { AccountDeletionService, DELETE_ACCOUNT_JOB, purgeOrder } from './account-deletion.service.js';
import { accountDeletionRoutes } from './account-deletion.routes.js';

/** `modules` is read when the job runs, so the module can be built with the others and see every one of them. */
export function accountDeletionModule(d: {
  db: Kysely<DB>;
  jobs: JobQueue;
  auth: AuthService;
  logger: FastifyBaseLogger;
  modules: () => ReadonlyArray<ModuleManifest>;
}): ModuleManifest {
  const deletion = new AccountDeletionService({ ...d, purgers: () => purgeOrder(d.modules()) });
  return {
    name: 'account-deletion',
    routes: routes(accountDeletionRoutes, { deletion }),
    jobs: [
      {
        type: DELETE_ACCOUNT_JOB,
        handler: (p) => deletion.step((p as { deletionId: string }).deletionId),
        // A step that keeps failing (a blob store outage) is retried for a long while; every step is idempotent.
        options: { maxAttempts: 50, backoffMs: 30_000 },
      },
    ],
    tables: ['account_deletion'],
  };
}
