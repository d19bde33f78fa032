import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import type { AccountDeletionService } from './account-deletion.service.js';

export const accountDeletionRoutes: FastifyPluginAsyncTypebox<{ deletion: AccountDeletionService }> = async (
  app,
  { deletion },
) => {
  app.delete(
    '/account/delete',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account',
        tags: ['profile'],
        description:
          'Re-checks the password, ends every session at once and queues the removal of everything the account owns.',
        body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }), confirmation: Type.Literal('DELETE') }),
        response: { 202: Type.Object({}), ...errorResponses, 403: ErrorResponse },
      },
    },
    async (req, reply) => {
      await deletion.request(req.auth!, req.body.password);
      return reply.status(202).send({});
    },
  );
};
