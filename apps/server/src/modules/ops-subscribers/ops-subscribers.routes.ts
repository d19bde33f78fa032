import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import type { OpsSubscribersService } from './ops-subscribers.service.js';
import {
  EndedSessions,
  GrantCreated,
  GrantQuotaBody,
  ReasonBody,
  RemoveTwoFactorBody,
  ResendVerificationBody,
  SubscriberDetailSchema,
  SubscriberParams,
  SubscriberSearchQuery,
  SubscriberSearchResult,
} from './ops-subscribers.schemas.js';

const origin = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`;
const read = { access: { permission: 'ops.subscriber.read' as const } };
const write = { access: { permission: 'ops.subscriber.write' as const } };
const tags = ['ops-subscribers'];
const Done = Type.Object({});

/** The operator console's subscriber routes (issue 27), under /api/ops/subscribers; the caller is `req.operator`. */
export const opsSubscribersRoutes: FastifyPluginAsyncTypebox<{ service: OpsSubscribersService }> = async (app, { service }) => {
  app.get(
    '/ops/subscribers',
    {
      config: read,
      schema: { operationId: 'opsSearchSubscribers', summary: 'Find subscribers', tags, querystring: SubscriberSearchQuery, response: { 200: SubscriberSearchResult, ...errorResponses } },
    },
    async (req) => ({ items: await service.search(req.query.q, req.query.limit ?? 20) }),
  );

  app.get(
    '/ops/subscribers/:id',
    {
      config: read,
      schema: { operationId: 'opsGetSubscriber', summary: 'Get a subscriber', tags, params: SubscriberParams, response: { 200: SubscriberDetailSchema, ...errorResponses } },
    },
    async (req) => service.detail(req.operator!, req.params.id),
  );

  app.post(
    '/ops/subscribers/:id/suspend',
    {
      config: write,
      schema: { operationId: 'opsSuspendSubscriber', summary: 'Suspend a subscriber', tags, params: SubscriberParams, body: ReasonBody, response: { 200: Done, ...errorResponses } },
    },
    async (req) => {
      await service.suspend(req.operator!, req.params.id, req.body.reason);
      return {};
    },
  );

  app.post(
    '/ops/subscribers/:id/unsuspend',
    {
      config: write,
      schema: { operationId: 'opsUnsuspendSubscriber', summary: 'Lift a suspension', tags, params: SubscriberParams, body: ReasonBody, response: { 200: Done, ...errorResponses } },
    },
    async (req) => {
      await service.unsuspend(req.operator!, req.params.id, req.body.reason);
      return {};
    },
  );

  app.post(
    '/ops/subscribers/:id/sessions/end',
    {
      config: write,
      schema: { operationId: 'opsEndSubscriberSessions', summary: "End a subscriber's sessions", tags, params: SubscriberParams, body: ReasonBody, response: { 200: EndedSessions, ...errorResponses } },
    },
    async (req) => service.endSessions(req.operator!, req.params.id, req.body.reason),
  );

  app.post(
    '/ops/subscribers/:id/lockout/lift',
    {
      config: write,
      schema: { operationId: 'opsLiftLockout', summary: "Lift a subscriber's sign-in lockout", tags, params: SubscriberParams, body: ReasonBody, response: { 200: Done, ...errorResponses } },
    },
    async (req) => {
      await service.liftLockout(req.operator!, req.params.id, req.body.reason);
      return {};
    },
  );

  app.post(
    '/ops/subscribers/:id/quota-grants',
    {
      config: write,
      schema: { operationId: 'opsGrantQuota', summary: 'Grant a subscriber storage', tags, params: SubscriberParams, body: GrantQuotaBody, response: { 200: GrantCreated, ...errorResponses } },
    },
    async (req) => service.grantQuota(req.operator!, req.params.id, req.body),
  );

  app.post(
    '/ops/subscribers/:id/verification/resend',
    {
      config: write,
      schema: { operationId: 'opsResendVerification', summary: 'Send a subscriber the verification again', tags, params: SubscriberParams, body: ResendVerificationBody, response: { 200: Done, ...errorResponses } },
    },
    async (req) => {
      await service.resendVerification(req.operator!, req.params.id, req.body.channel, req.body.reason, origin(req));
      return {};
    },
  );

  app.post(
    '/ops/subscribers/:id/two-factor/remove',
    {
      config: { access: { permission: 'ops.subscriber.identity' } },
      schema: { operationId: 'opsRemoveTwoFactor', summary: "Remove a subscriber's two-factor sign-in", tags, params: SubscriberParams, body: RemoveTwoFactorBody, response: { 200: Done, ...errorResponses } },
    },
    async (req) => {
      await service.removeTwoFactor(req.operator!, req.params.id, req.body.reason, req.body.identityCheck);
      return {};
    },
  );
};
