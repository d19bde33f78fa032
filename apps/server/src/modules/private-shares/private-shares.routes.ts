import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import {
  AclFilterQuery,
  AclList,
  AclParams,
  CreateSharesBody,
  CreateSharesResult,
  DeleteAclQuery,
  InviteeList,
  InviteeQuery,
  ListSharesQuery,
  SharedFilePage,
} from './private-shares.schemas.js';
import type { PrivateSharesService } from './private-shares.service.js';

const tags = ['shares'];
const writeErrors = { ...errorResponses, 403: ErrorResponse };
const subjectIdIsNotAnId = {
  in: 'query',
  path: 'subjectId',
  why: 'names who holds the grant (an account or an invitation), checked by the service against the item',
} as const;

/** Reading the item is enough to see or change its acls; the service decides who may remove whom. */
const aclAccess = {
  permission: 'file.read',
  ids: [{ in: 'params', path: 'projectId', permission: 'project.read' }, { in: 'params', path: 'uuid' }],
  notIds: [subjectIdIsNotAnId],
} as const;

export const privateSharesRoutes: FastifyPluginAsyncTypebox<{ shares: PrivateSharesService }> = async (app, { shares }) => {
  app.post(
    '/shares',
    {
      config: { access: { permission: 'file.share', ids: [{ in: 'body', path: 'items' }] } },
      schema: { operationId: 'createShares', summary: 'Share with people', tags, body: CreateSharesBody, response: { 200: CreateSharesResult, ...writeErrors } },
    },
    async (req) => shares.create(req.auth!, req.body, `${req.protocol}://${req.host}`),
  );

  app.get(
    '/shares',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listShares', summary: 'List shares', tags, querystring: ListSharesQuery, response: { 200: SharedFilePage, ...errorResponses } },
    },
    async (req) => shares.list(req.auth!, req.query),
  );

  app.get(
    '/invitees',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listRecentInvitees', summary: 'List people recently shared with', tags, querystring: InviteeQuery, response: { 200: InviteeList, ...errorResponses } },
    },
    async (req) => shares.recentInvitees(req.auth!, req.query.size),
  );

  app.get(
    '/share/private/invite/suggested-invitees',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'listSuggestedInvitees',
        summary: 'Suggest people to share with',
        tags,
        querystring: InviteeQuery,
        response: { 200: InviteeList, ...errorResponses },
      },
    },
    async (req) => shares.suggestedInvitees(req.auth!, req.query.size),
  );

  app.get(
    '/v2/files/:projectId/:uuid/acls',
    {
      config: { access: aclAccess },
      schema: {
        operationId: 'listFileAcls',
        summary: 'List who a file is shared with',
        tags,
        params: AclParams,
        querystring: AclFilterQuery,
        response: { 200: AclList, ...errorResponses },
      },
    },
    async (req) => shares.listAcls(req.auth!, req.params, req.query),
  );

  app.delete(
    '/v2/files/:projectId/:uuid/acls',
    {
      config: { access: aclAccess },
      schema: {
        operationId: 'deleteFileAcl',
        summary: "Remove people from a file's share",
        tags,
        params: AclParams,
        querystring: DeleteAclQuery,
        response: { 204: Type.Null(), ...writeErrors },
      },
    },
    async (req, reply) => {
      await shares.deleteAcl(req.auth!, req.params, req.query);
      return reply.status(204).send(null);
    },
  );
};
