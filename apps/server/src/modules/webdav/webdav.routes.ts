import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import type { AppPasswordService } from './app-password.service.js';
import { AppPasswordList, AppPasswordParams, CreateAppPasswordBody, CreatedAppPassword } from './webdav.schemas.js';

const tags = ['webdav'];

/** Settings → Security: the caller's app passwords for DAV clients. */
export const appPasswordRoutes: FastifyPluginAsyncTypebox<{ passwords: AppPasswordService }> = async (app, { passwords }) => {
  app.get(
    '/app-passwords',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listAppPasswords', summary: 'List app passwords', tags, response: { 200: AppPasswordList, ...errorResponses } },
    },
    async (req) => passwords.list(req.auth!),
  );

  app.post(
    '/app-passwords',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'createAppPassword', summary: 'Create an app password', tags, body: CreateAppPasswordBody, response: { 201: CreatedAppPassword, ...errorResponses, 409: ErrorResponse } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await passwords.create(req.auth!, req.body.name, req.body.scope));
    },
  );

  app.delete(
    '/app-passwords/:id',
    {
      config: {
        access: {
          permission: 'self',
          notIds: [{ in: 'params', path: 'id', why: 'an app password id; the service deletes it among the caller’s own only (404 otherwise)' }],
        },
      },
      schema: { operationId: 'revokeAppPassword', summary: 'Revoke an app password', tags, params: AppPasswordParams, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (req, reply) => {
      await passwords.revoke(req.auth!, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
