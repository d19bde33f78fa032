import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import type { PermissionService } from './permission.service.js';

const self = { access: { permission: 'self' as const } };
const PermissionType = Type.Union([Type.Literal('ETK'), Type.Literal('KVKK'), Type.Literal('GLOBAL'), Type.Literal('MOBILE_PAYMENT')]);
const Permission = Type.Object(
  {
    type: PermissionType,
    isApproved: Type.Boolean(),
    /** False when the permission does not apply to the account (e.g. ETK outside Turkey). */
    isEditable: Type.Boolean(),
    /** When the subscriber last gave or withdrew it (ms); null when never. */
    updatedAt: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'Permission' },
);
const PermissionAuth = Type.Object({ isAllowed: Type.Boolean(), isApproved: Type.Boolean() }, { $id: 'PermissionAuth' });

/** Communication and consent permissions (ETK, KVKK, GLOBAL, MOBILE_PAYMENT). */
export const permissionRoutes: FastifyPluginAsyncTypebox<{ permissions: PermissionService }> = async (
  app,
  { permissions },
) => {
  app.get(
    '/account/permission/list',
    {
      config: self,
      schema: {
        operationId: 'listPermissions',
        summary: 'List communication consents',
        tags: ['profile'],
        querystring: Type.Object({ permissionType: Type.Optional(PermissionType) }),
        response: { 200: Type.Array(Permission), ...errorResponses },
      },
    },
    async (req) => permissions.list(req.auth!, req.query.permissionType),
  );

  app.post(
    '/account/permission/update',
    {
      config: self,
      schema: {
        operationId: 'updatePermissions',
        summary: 'Update communication consents',
        tags: ['profile'],
        body: Type.Array(Type.Object({ type: PermissionType, isApproved: Type.Boolean() }), { minItems: 1, maxItems: 4 }),
        response: { 200: Type.Array(Permission), ...errorResponses },
      },
    },
    async (req) => permissions.update(req.auth!, req.body, req.ip),
  );

  app.post(
    '/eula/getEtkAuth/v2',
    {
      config: self,
      schema: {
        operationId: 'getEtkAuth',
        summary: 'Get the commercial messages consent text',
        tags: ['eula'],
        body: Type.Optional(Type.Object({})),
        response: { 200: PermissionAuth, ...errorResponses },
      },
    },
    async (req) => permissions.auth(req.auth!, 'ETK'),
  );

  app.post(
    '/eula/getGlobalPermAuth',
    {
      config: self,
      schema: {
        operationId: 'getGlobalPermAuth',
        summary: 'Get the global consent text',
        tags: ['eula'],
        body: Type.Optional(Type.Object({})),
        response: { 200: PermissionAuth, ...errorResponses },
      },
    },
    async (req) => permissions.auth(req.auth!, 'GLOBAL'),
  );
};
