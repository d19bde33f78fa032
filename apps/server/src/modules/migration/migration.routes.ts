import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { AuthorizeUrl, ConnectBody, MigrationStatus, StatusQuery, TakeoutStartBody, TakeoutStatus } from './migration.schemas.js';
import type { MigrationService } from './migration.service.js';
import type { TakeoutService } from './takeout.service.js';

const tags = ['migration'];
/** 409: not connected, or an import already running; 502: Dropbox unreachable. */
const more = { 409: ErrorResponse, 502: ErrorResponse };

/** Settings → Connected accounts: linking a Dropbox account and importing its files; importing a Google Photos Takeout (issue 34). */
export const migrationRoutes: FastifyPluginAsyncTypebox<{ migration: MigrationService; takeout: TakeoutService; publicUrl: string | null }> = async (
  app,
  { migration, takeout, publicUrl },
) => {
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  app.get(
    '/migration/dropbox/authorizeUrl',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'dropboxAuthorizeUrl', summary: 'Start connecting a Dropbox account', tags, response: { 200: AuthorizeUrl, ...errorResponses } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return migration.authorizeUrl(req.auth!, origin(req));
    },
  );

  app.post(
    '/migration/dropbox/connect/v2',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'dropboxConnect', summary: 'Connect a Dropbox account', tags, body: ConnectBody, response: { 200: MigrationStatus, ...errorResponses, ...more } },
    },
    async (req) => migration.connect(req.auth!, req.body),
  );

  app.get(
    '/migration/dropbox/status',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'dropboxStatus',
        summary: 'Dropbox connection and import progress',
        tags,
        querystring: StatusQuery,
        response: { 200: MigrationStatus, ...errorResponses, ...more, 413: ErrorResponse },
      },
    },
    async (req) => migration.status(req.auth!, req.query.validateQuota === true),
  );

  app.post(
    '/migration/dropbox/start',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'dropboxStart', summary: 'Start importing from Dropbox', tags, response: { 200: MigrationStatus, ...errorResponses, ...more, 403: ErrorResponse } },
    },
    async (req) => migration.start(req.auth!),
  );

  app.get(
    '/migration/dropbox/disconnect',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'dropboxDisconnect', summary: 'Disconnect the Dropbox account', tags, response: { 200: MigrationStatus, ...errorResponses } },
    },
    async (req) => migration.disconnect(req.auth!),
  );

  app.post(
    '/migration/takeout/start',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'body', path: 'uuid' }] } },
      schema: {
        operationId: 'takeoutStart',
        summary: 'Import an uploaded Google Photos Takeout archive as photos',
        tags,
        body: TakeoutStartBody,
        response: { 200: TakeoutStatus, ...errorResponses, 403: ErrorResponse },
      },
    },
    async (req) => takeout.start(req.auth!, req.body.uuid),
  );

  app.get(
    '/migration/takeout/status',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'takeoutStatus', summary: 'Progress and report of the latest Google Photos Takeout import', tags, response: { 200: TakeoutStatus, ...errorResponses } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return takeout.status(req.auth!);
    },
  );
};
