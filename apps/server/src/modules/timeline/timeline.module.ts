import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { TimelineService, type TimelineDeps } from './timeline.service.js';
import { timelineRoutes } from './timeline.routes.js';
import { purgeAccount } from './timeline.repository.js';

export function timelineModule(d: { db: Kysely<DB>; links: NonNullable<TimelineDeps['links']> }): ModuleWith<TimelineService> {
  const timeline = new TimelineService(d);
  return {
    name: 'timeline',
    routes: routes(timelineRoutes, { timeline }),
    // Written only by the database's triggers on `file` (see timeline.day-rule.test.ts).
    tables: ['timeline_day'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: timeline,
  };
}
