import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../shared/schemas.js';
import { ItemParams, YearsAgoDetail, YearsAgoList } from './foryou.schemas.js';
import type { ForyouService } from './foryou.service.js';

const tags = ['foryou'];

export const foryouRoutes: FastifyPluginAsyncTypebox<{ foryou: ForyouService }> = async (app, { foryou }) => {
  app.get(
    '/foryou/years-ago',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listYearsAgo', tags, response: { 200: YearsAgoList, ...errorResponses } },
    },
    async (req) => foryou.listYearsAgo(req.auth!),
  );
  app.get(
    '/foryou/years-ago/:id',
    {
      config: { access: { permission: 'foryou.read', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'getYearsAgo', tags, params: ItemParams, response: { 200: YearsAgoDetail, ...errorResponses } },
    },
    async (req) => foryou.getYearsAgo(req.auth!, req.params.id),
  );
};
