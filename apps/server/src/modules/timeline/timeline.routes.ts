import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../shared/schemas.js';
import { CategoryQuery, GroupListBody, GroupPages, Groups, Position, PositionParams } from './timeline.schemas.js';
import type { TimelineService } from './timeline.service.js';

const tags = ['photos'];

export const timelineRoutes: FastifyPluginAsyncTypebox<{ timeline: TimelineService }> = async (app, { timeline }) => {
  app.get(
    '/scroll/groups',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getPhotoGroups', summary: 'Get the timeline day groups', tags, querystring: CategoryQuery, response: { 200: Groups, ...errorResponses } },
    },
    async (req) => timeline.groups(req.auth!, req.query.category),
  );

  app.post(
    '/scroll/groups/list',
    {
      config: {
        access: {
          permission: 'self',
          // A cursor is a position in the caller's own sort order; another account's uuid there reads nothing of it.
          notIds: [
            { in: 'body', path: 'groups.after.uuid', why: 'a keyset position compared against the caller\'s own photos' },
            { in: 'body', path: 'groups.before.uuid', why: 'a keyset position compared against the caller\'s own photos' },
          ],
        },
      },
      schema: {
        operationId: 'listPhotoGroups',
        summary: 'List photos of timeline days',
        tags,
        querystring: CategoryQuery,
        body: GroupListBody,
        response: { 200: GroupPages, ...errorResponses },
      },
    },
    async (req) => timeline.list(req.auth!, req.body, req.query.category),
  );

  app.get(
    '/scroll/position/:x',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'getPhotoPosition',
        summary: "Find a photo's place in the timeline",
        tags,
        params: PositionParams,
        querystring: CategoryQuery,
        response: { 200: Position, ...errorResponses },
      },
    },
    async (req) => timeline.position(req.auth!, req.params.x, req.query.category),
  );
};
