import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import type { EulaService } from './eula.service.js';

export const eulaRoutes: FastifyPluginAsyncTypebox<{ eula: EulaService }> = async (app, { eula }) => {
  app.get(
    '/eula/get/:language',
    {
      config: { public: true },
      schema: {
        operationId: 'getEula',
        tags: ['eula'],
        params: Type.Object({ language: Type.String({ pattern: '^[a-zA-Z]{2}(-[a-zA-Z]{2})?$' }) }),
        querystring: Type.Object({ brand: Type.Optional(Type.String({ maxLength: 32 })) }),
        response: {
          200: Type.Object({ id: Type.Integer(), locale: Type.String(), version: Type.Integer(), content: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const row = await eula.latest(req.params.language.slice(0, 2).toLowerCase());
      return { id: row.id, locale: row.locale, version: row.version, content: row.content };
    },
  );
};
