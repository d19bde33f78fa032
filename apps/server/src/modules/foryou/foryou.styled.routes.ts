import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import type { ForyouItems } from './foryou.items.js';
import { ItemParams } from './foryou.schemas.js';
import { AiQuota, StyleBody, StyledResult } from './foryou.styled.schemas.js';
import { AiQuotaExceeded, type StyledPhotos } from './foryou.styled.js';

const tags = ['foryou'];

/** Styled photos the user makes (spec: GET /v1/ai/photo/quota, PUT and DELETE /assistant/v1/{id}). */
export const styledRoutes: FastifyPluginAsyncTypebox<{ styled: StyledPhotos; items: ForyouItems }> = async (app, { styled, items }) => {
  app.get(
    '/v1/ai/photo/quota',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getAiPhotoQuota', summary: 'Get the styled-photo quota', tags, response: { 200: AiQuota, ...errorResponses } },
    },
    async (req) => styled.quota(req.auth!),
  );
  // {id} is the photo: makes (or makes again) its version in `style`, one of the month's quota.
  app.put(
    '/assistant/v1/:id',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'makeStyledPhoto', summary: 'Make a styled photo', tags, params: ItemParams, body: StyleBody, response: { 200: StyledResult, ...errorResponses, 403: ErrorResponse, 409: ErrorResponse } },
    },
    async (req, reply) =>
      styled.make(req.auth!, req.params.id, req.body.style).catch((err: unknown) => {
        if (err instanceof AiQuotaExceeded) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }),
  );
  // {id} is the styled item: it leaves the list and its picture goes (a copy the user saved stays).
  app.delete(
    '/assistant/v1/:id',
    {
      config: { access: { permission: 'foryou.write', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'deleteStyledPhoto', summary: 'Delete a styled photo', tags, params: ItemParams, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (req, reply) => {
      await items.dismiss(req.auth!, req.params.id, ['STYLED']);
      return reply.status(204).send(null);
    },
  );
};
