import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../shared/schemas.js';
import { PageQuery, Progress } from '../places/places.public.js';
import { ThingPage } from './things.schemas.js';
import type { ThingsService } from './things.service.js';

const tags = ['things'];

export const thingsRoutes: FastifyPluginAsyncTypebox<{ things: ThingsService }> = async (app, { things }) => {
  app.get(
    '/object/page',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listThings', summary: 'List things', tags, querystring: PageQuery, response: { 200: ThingPage, ...errorResponses } },
    },
    async (req) => things.list(req.auth!, req.query),
  );

  app.get(
    '/object/progress',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getThingsProgress', summary: 'Get thing detection progress', tags, response: { 200: Progress, ...errorResponses } },
    },
    async (req) => things.progress(req.auth!),
  );
};
