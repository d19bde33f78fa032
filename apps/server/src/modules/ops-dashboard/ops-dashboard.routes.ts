import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../shared/schemas.js';
import { OpsDashboard } from './ops-dashboard.schemas.js';
import type { OpsDashboardService } from './ops-dashboard.service.js';

export const opsDashboardRoutes: FastifyPluginAsyncTypebox<{ dashboard: OpsDashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/ops/dashboard',
    {
      config: { access: { permission: 'ops.dashboard.read' } },
      schema: {
        operationId: 'opsDashboard',
        summary: 'Get the dashboard figures',
        tags: ['ops'],
        response: { 200: OpsDashboard, ...errorResponses },
      },
    },
    () => dashboard.dashboard(),
  );
};
