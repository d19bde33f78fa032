import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, LanguageSchema } from '../../shared/schemas.js';
import { AccountInfo, toAccountInfo, toUsages, Usages } from './account.schemas.js';
import type { Account } from './account.table.js';
import type { AccountService } from './account.service.js';
import type { ProfileService } from './profile.service.js';

const Setting = Type.Object({ param: Type.String(), value: Type.String() });

export const accountRoutes: FastifyPluginAsyncTypebox<{ account: AccountService; profile: ProfileService }> = async (
  app,
  { account, profile },
) => {
  const info = (a: Account) => toAccountInfo(a, profile.photoUrl(a));

  app.get(
    '/account/info',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getAccountInfo', summary: 'Get the account', tags: ['account'], response: { 200: AccountInfo, ...errorResponses } },
    },
    async (req) => info(await account.get(req.auth!)),
  );

  app.get(
    '/account/usages',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getUsages', summary: 'Get storage used and quota', tags: ['account'], response: { 200: Usages, ...errorResponses } },
    },
    async (req) => toUsages(await account.usages(req.auth!)),
  );

  app.get(
    '/account/authority',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'getAuthorities',
        summary: "List the account's authorities (premium)",
        tags: ['account'],
        response: { 200: Type.Array(Type.Object({ type: Type.String() })), ...errorResponses },
      },
    },
    async (req) => account.authorities(req.auth!),
  );

  app.get(
    '/account/setting',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'getSettings',
        summary: 'Get settings',
        tags: ['account'],
        querystring: Type.Object({ param: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
        response: {
          200: Type.Union([Setting, Type.Object({ settings: Type.Record(Type.String(), Type.String()) })]),
          ...errorResponses,
        },
      },
    },
    async (req) =>
      req.query.param ? account.setting(req.auth!, req.query.param) : { settings: await account.settings(req.auth!) },
  );

  app.patch(
    '/account/setting',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'saveSetting',
        summary: 'Save a setting',
        tags: ['account'],
        body: Type.Object({ param: Type.String({ minLength: 1, maxLength: 64 }), value: Type.String({ maxLength: 4096 }) }),
        response: { 200: Setting, ...errorResponses },
      },
    },
    async (req) => account.saveSetting(req.auth!, req.body.param, req.body.value),
  );

  app.post(
    '/account/language',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'setLanguage',
        summary: 'Set the interface language',
        tags: ['account'],
        body: Type.Object({ language: LanguageSchema }),
        response: { 200: Type.Object({ language: Type.String() }), ...errorResponses },
      },
    },
    async (req) => {
      await account.setLanguage(req.auth!, req.body.language);
      return { language: req.body.language };
    },
  );

  app.post(
    '/account/nameSurname',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'setNameSurname',
        summary: 'Set name and surname',
        tags: ['account'],
        body: Type.Object({ name: Type.String({ maxLength: 100 }), surname: Type.String({ maxLength: 100 }) }),
        response: { 200: AccountInfo, ...errorResponses },
      },
    },
    async (req) => info(await account.setNameSurname(req.auth!, req.body.name, req.body.surname)),
  );
};
