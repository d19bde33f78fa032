import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import { drawRoutes } from './draw.routes.js';
import { DrawService, type DrawDeps } from './draw.service.js';
import { DrawConsoleService } from './draw-console.service.js';

export const PURGE_DRAW_SCHEDULE = 'draw.purge-stale';

/** The telesales prize draw (issue 30): anonymous entries by code and SMS, and its console. */
export function drawModule(d: DrawDeps & { db: Kysely<DB> }): ModuleWith<DrawService> {
  const draw = new DrawService(d);
  const ops = new DrawConsoleService(d);
  return {
    name: 'draw',
    routes: routes(drawRoutes, { draw, ops }),
    schedules: [{ name: PURGE_DRAW_SCHEDULE, everyMs: minutes(60), run: () => draw.purgeStale() }],
    tables: ['draw_campaign', 'draw_code', 'draw_request', 'draw_entry', 'draw_counter'],
    service: draw,
  };
}
