import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Dialect } from '../../infra/db/database.js';
import type { FigureRecorder } from '../../infra/figures/figure-recorder.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { opsDashboardRoutes } from './ops-dashboard.routes.js';
import { minutes } from '../../shared/time.js';
import { OpsDashboardService } from './ops-dashboard.service.js';

export const ROLL_UP_SUBSCRIBERS_SCHEDULE = 'ops-dashboard.roll-up';

/** The operator's dashboard (issue 27): its figures live in infrastructure's metric tables; it owns no table. */
export function opsDashboardModule(d: { db: Kysely<DB>; dialect: Dialect; figures: FigureRecorder }): ModuleWith<OpsDashboardService> {
  const dashboard = new OpsDashboardService({ db: d.db, dialect: d.dialect, figures: d.figures });
  return {
    name: 'ops-dashboard',
    routes: routes(opsDashboardRoutes, { dashboard }),
    schedules: [{ name: ROLL_UP_SUBSCRIBERS_SCHEDULE, everyMs: minutes(5), run: () => dashboard.rollUp() }],
    tables: [],
    service: dashboard,
  };
}
