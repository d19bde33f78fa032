import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Binary, ErrorResponse, errorResponses, TokenParams } from '../../shared/schemas.js';
import { contentDisposition } from '../download/download.public.js';
import { DataExport, DataExportStatus } from './data-export.schemas.js';
import type { DataExportService } from './data-export.service.js';

const tags = ['data-export'];

/** Settings → Download all my data (issue 34). */
export const dataExportRoutes: FastifyPluginAsyncTypebox<{ exports: DataExportService; publicUrl: string | null }> = async (app, { exports, publicUrl }) => {
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  app.post(
    '/export',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'startDataExport',
        summary: 'Start preparing all my data for download (or get the export already running)',
        tags,
        response: { 200: DataExport, ...errorResponses },
      },
    },
    async (req) => exports.start(req.auth!, origin(req)),
  );

  app.get(
    '/export',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getDataExport', summary: 'My latest data export: progress, or its download links', tags, response: { 200: DataExportStatus, ...errorResponses } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return exports.status(req.auth!);
    },
  );

  // Public: a link from the e-mail opens without a session; the signed token is the credential.
  app.get(
    '/export/download/*',
    {
      exposeHeadRoute: false,
      config: { public: true, signedUrl: true },
      schema: {
        operationId: 'downloadDataExport',
        summary: 'Download a part of my data export (signed URL)',
        tags,
        params: TokenParams,
        response: { 200: Binary('application/zip', 'The zip part.'), 404: ErrorResponse },
      },
    },
    async (req, reply) => {
      const part = await exports.open(req.params['*']);
      return reply
        .type('application/zip')
        .header('content-length', String(part.size))
        .header('content-disposition', contentDisposition('attachment', part.filename))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(part.stream);
    },
  );
};
