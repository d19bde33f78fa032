import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import type { EulaService } from './eula.service.js';
import type { Eula } from './eula.table.js';

export const eulaRoutes: FastifyPluginAsyncTypebox<{ eula: EulaService }> = async (app, { eula }) => {
  const LegalText = Type.Object({ id: Type.Integer(), locale: Type.String(), version: Type.Integer(), content: Type.String() });
  const legalSchema = (operationId: string, summary: string, param: 'language' | 'lang') => ({
    operationId,
    summary,
    tags: ['eula'],
    params: Type.Object({ [param]: Type.String({ pattern: '^[a-zA-Z]{2}(-[a-zA-Z]{2})?$' }) }),
    querystring: Type.Object({ brand: Type.Optional(Type.String({ maxLength: 32 })) }),
    response: { 200: LegalText, ...errorResponses },
  });
  const shape = (row: Eula) => ({ id: row.id, locale: row.locale, version: row.version, content: row.content });
  // "tr-TR" and "TR" read as "tr".
  const lang = (tag: string) => tag.slice(0, 2).toLowerCase();

  app.get<{ Params: { language: string } }>(
    '/eula/get/:language',
    { config: { public: true }, schema: legalSchema('getEula', 'Get the terms of use', 'language') },
    async (req) => shape(await eula.latest(lang(req.params.language))),
  );

  app.get<{ Params: { lang: string } }>(
    '/privacyPolicy/get/:lang',
    { config: { public: true }, schema: legalSchema('getPrivacyPolicy', 'Get the privacy notice', 'lang') },
    async (req) => shape(await eula.privacyPolicy(lang(req.params.lang))),
  );

  app.get<{ Params: { language: string } }>(
    '/eula/check/:language',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'checkEula',
        summary: 'Has the account accepted the latest terms?',
        tags: ['eula'],
        description: 'approved is false when a newer EULA than the one the account accepted is published: /update/eula.',
        params: Type.Object({ language: Type.String({ pattern: '^[a-zA-Z]{2}(-[a-zA-Z]{2})?$' }) }),
        response: {
          200: Type.Object({ approved: Type.Boolean(), eulaId: Type.Integer(), version: Type.Integer() }),
          ...errorResponses,
        },
      },
    },
    async (req) => eula.check(req.auth!, lang(req.params.language)),
  );

  app.post(
    '/eula/approve',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'approveEula',
        summary: 'Accept the terms of use',
        tags: ['eula'],
        body: Type.Object({ eulaId: Type.Integer({ minimum: 1 }) }),
        response: { 200: Type.Object({}), ...errorResponses },
      },
    },
    async (req) => {
      await eula.approve(req.auth!, req.body.eulaId, req.ip);
      return {};
    },
  );
};
