import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { DerivativeLinks } from '../files/file.schemas.js';
import { TimelineService } from './timeline.service.js';
import { timelineRoutes } from './timeline.routes.js';

export function timelineModule(d: { db: Kysely<DB>; links: DerivativeLinks }): ModuleWith<TimelineService> {
  const timeline = new TimelineService(d);
  return {
    name: 'timeline',
    routes: routes(timelineRoutes, { timeline }),
    // Written only by the database's triggers on `file` (see timeline.day-rule.test.ts).
    tables: ['timeline_day'],
    service: timeline,
  };
}
