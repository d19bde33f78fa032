import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import { AuditListQuery, AuditPageSchema, AuditVerificationSchema } from './audit.schemas.js';
import type { AuditService } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/ops/audit',
    {
      config: { access: { permission: 'ops.audit.read' } },
      schema: {
        operationId: 'opsListAudit',
        summary: 'List the audit log',
        tags: ['ops'],
        querystring: AuditListQuery,
        response: { 200: AuditPageSchema, ...errorResponses },
      },
    },
    async (req) => audit.list(req.operator!, req.query),
  );

  app.get(
    '/ops/audit/verify',
    {
      config: { access: { permission: 'ops.audit.read' } },
      schema: { operationId: 'opsVerifyAudit', summary: "Verify the audit log's hash chain", tags: ['ops'], response: { 200: AuditVerificationSchema, ...errorResponses } },
    },
    async (req) => audit.verify(req.operator!),
  );

  app.get(
    '/ops/audit/export.csv',
    {
      config: { access: { permission: 'ops.audit.read' } },
      schema: {
        operationId: 'opsExportAudit',
        summary: 'Export the audit log as CSV',
        tags: ['ops'],
        querystring: Type.Omit(AuditListQuery, ['limit']),
        response: { 200: Type.String({ description: 'text/csv' }), ...errorResponses },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bulut-audit.csv"')
        .send(await audit.exportCsv(req.operator!, req.query)),
  );
};
