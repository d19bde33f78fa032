import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { AuthService } from '../auth/auth.public.js';
import type { RecordOperatorAction } from './ops-subscribers.audit.js';
import { opsSubscribersRoutes } from './ops-subscribers.routes.js';
import { OpsSubscribersService } from './ops-subscribers.service.js';

/** The operator console's subscriber pages (issue 27): no table of its own; it acts through the owners' public entries. */
export function opsSubscribersModule(d: {
  db: Kysely<DB>;
  auth: AuthService;
  messages: MessageJobs;
  publicUrl: string | null;
  clock?: () => number;
  audit: RecordOperatorAction;
}): ModuleWith<OpsSubscribersService> {
  const service = new OpsSubscribersService({ ...d, clock: d.clock ?? Date.now });
  return { name: 'ops-subscribers', routes: routes(opsSubscribersRoutes, { service }), tables: [], service };
}
