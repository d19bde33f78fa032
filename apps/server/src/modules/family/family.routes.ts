import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { FamilyInvitationView, FamilyView, IdParams, InviteBody, LimitBody, MemberParams, ReceivedInvitations, TokenBody } from './family.schemas.js';
import type { FamilyService } from './family.service.js';

const tags = ['family'];
const writeErrors = { ...errorResponses, 403: ErrorResponse, 409: ErrorResponse };
const Done = Type.Object({ ok: Type.Boolean() });
const done = { ok: true };
const self = { permission: 'self' } as const;
const checkedByService = (path: string, why: string) =>
  ({ ...self, notIds: [{ in: 'params', path, why }] }) as const;
const invitationId = checkedByService('id', "a family invitation: the service finds it only in the caller's family or addressed to the caller's proven contact");
const memberId = checkedByService('accountId', "a member of the caller's family: the service answers 404 for anyone else");

export const familyRoutes: FastifyPluginAsyncTypebox<{ family: FamilyService }> = async (app, { family }) => {
  app.get(
    '/family',
    { config: { access: self }, schema: { operationId: 'getFamily', summary: 'Get the family', tags, response: { 200: FamilyView, ...errorResponses } } },
    async (req) => family.get(req.auth!),
  );

  app.post(
    '/family/invitations',
    { config: { access: self }, schema: { operationId: 'inviteFamilyMember', summary: 'Invite a family member', tags, body: InviteBody, response: { 200: FamilyInvitationView, ...writeErrors } } },
    async (req) => family.invite(req.auth!, req.body),
  );

  app.delete(
    '/family/invitations/:id',
    { config: { access: invitationId }, schema: { operationId: 'cancelFamilyInvitation', summary: 'Cancel a family invitation', tags, params: IdParams, response: { 200: Done, ...writeErrors } } },
    async (req) => {
      await family.cancelInvitation(req.auth!, req.params.id);
      return done;
    },
  );

  app.get(
    '/family/invitations/received',
    { config: { access: self }, schema: { operationId: 'getReceivedFamilyInvitations', summary: 'List family invitations received', tags, response: { 200: ReceivedInvitations, ...errorResponses } } },
    async (req) => family.received(req.auth!),
  );

  app.post(
    '/family/invitations/accept-token',
    { config: { access: self }, schema: { operationId: 'acceptFamilyInvitationByToken', summary: 'Accept a family invitation from its link', tags, body: TokenBody, response: { 200: Done, ...writeErrors } } },
    async (req) => {
      await family.acceptToken(req.auth!, req.body.token);
      return done;
    },
  );

  app.post(
    '/family/invitations/:id/accept',
    { config: { access: invitationId }, schema: { operationId: 'acceptFamilyInvitation', summary: 'Accept a family invitation', tags, params: IdParams, response: { 200: Done, ...writeErrors } } },
    async (req) => {
      await family.accept(req.auth!, req.params.id);
      return done;
    },
  );

  app.post(
    '/family/invitations/:id/decline',
    { config: { access: invitationId }, schema: { operationId: 'declineFamilyInvitation', summary: 'Decline a family invitation', tags, params: IdParams, response: { 200: Done, ...writeErrors } } },
    async (req) => {
      await family.decline(req.auth!, req.params.id);
      return done;
    },
  );

  app.put(
    '/family/members/:accountId/limit',
    {
      config: { access: memberId },
      schema: { operationId: 'setFamilyMemberLimit', summary: "Set a family member's storage limit", tags, params: MemberParams, body: LimitBody, response: { 200: Done, ...writeErrors } },
    },
    async (req) => {
      await family.setLimit(req.auth!, req.params.accountId, req.body.limitBytes);
      return done;
    },
  );

  app.delete(
    '/family/members/:accountId',
    { config: { access: memberId }, schema: { operationId: 'removeFamilyMember', summary: 'Remove a family member', tags, params: MemberParams, response: { 200: Done, ...writeErrors } } },
    async (req) => {
      await family.remove(req.auth!, req.params.accountId);
      return done;
    },
  );

  app.post(
    '/family/leave',
    { config: { access: self }, schema: { operationId: 'leaveFamily', summary: 'Leave the family', tags, response: { 200: Done, ...writeErrors } } },
    async (req) => {
      await family.leave(req.auth!);
      return done;
    },
  );
};
