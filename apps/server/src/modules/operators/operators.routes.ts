import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import {
  ChallengeSchema,
  CreatedOperatorSchema,
  CreateOperatorBody,
  EnrolmentSchema,
  LoginBody,
  OperatorIdParams,
  OperatorMeSchema,
  OperatorSummarySchema,
  ReasonBody,
  RoleBody,
  SetupInfoSchema,
  SetupPasswordBody,
  SetupTokenParams,
  SignedInSchema,
  TotpBody,
  TotpCode,
} from './operators.schemas.js';
import type { OperatorsService } from './operators.service.js';

export const operatorsRoutes: FastifyPluginAsyncTypebox<{ operators: OperatorsService; authRateLimit: number }> = async (
  app,
  { operators, authRateLimit },
) => {
  // The console's public routes get a per-IP budget of their own, stricter than the subscribers' sign-in.
  const publicAuth = {
    public: true,
    rateLimit: { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: FastifyRequest) => `ops-auth:${req.ip}` },
  } as const;

  app.get(
    '/ops/setup/:token',
    {
      config: publicAuth,
      schema: { operationId: 'opsSetupInfo', summary: 'Get an operator set-up link', tags: ['ops'], params: SetupTokenParams, response: { 200: SetupInfoSchema, ...errorResponses } },
    },
    async (req) => operators.setupInfo(req.params.token),
  );

  app.post(
    '/ops/setup/:token',
    {
      config: publicAuth,
      schema: {
        operationId: 'opsSetupPassword',
        summary: 'Set the password from a set-up link',
        tags: ['ops'],
        params: SetupTokenParams,
        body: SetupPasswordBody,
        response: { 200: EnrolmentSchema, ...errorResponses },
      },
    },
    async (req) => operators.setupPassword(req.params.token, req.body.password),
  );

  app.post(
    '/ops/setup/:token/confirm',
    {
      config: publicAuth,
      schema: {
        operationId: 'opsSetupConfirm',
        summary: 'Confirm the authenticator app from a set-up link',
        tags: ['ops'],
        params: SetupTokenParams,
        body: Type.Object({ code: TotpCode }),
        response: { 200: SignedInSchema, ...errorResponses },
      },
    },
    async (req) => operators.setupConfirm(req.params.token, req.body.code, req.ip),
  );

  app.post(
    '/ops/auth/login',
    {
      config: publicAuth,
      schema: { operationId: 'opsLogin', summary: 'Operator sign-in: password', tags: ['ops'], body: LoginBody, response: { 200: ChallengeSchema, ...errorResponses } },
    },
    async (req) => operators.login(req.body.email, req.body.password, req.ip),
  );

  app.post(
    '/ops/auth/totp',
    {
      config: publicAuth,
      schema: { operationId: 'opsLoginTotp', summary: 'Operator sign-in: authenticator code', tags: ['ops'], body: TotpBody, response: { 200: SignedInSchema, ...errorResponses } },
    },
    async (req) => operators.loginTotp(req.body.challenge, req.body.code, req.ip),
  );

  app.post(
    '/ops/auth/logout',
    {
      config: { access: { permission: 'ops.self' } },
      schema: { operationId: 'opsLogout', summary: 'Operator sign-out', tags: ['ops'], response: { 204: Type.Null(), ...errorResponses } },
    },
    async (req, reply) => {
      await operators.logout(req.operator!);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/ops/me',
    {
      config: { access: { permission: 'ops.self' } },
      schema: { operationId: 'opsMe', summary: 'Get the signed-in operator', tags: ['ops'], response: { 200: OperatorMeSchema, ...errorResponses } },
    },
    async (req) => operators.me(req.operator!),
  );

  app.get(
    '/ops/operators',
    {
      config: { access: { permission: 'ops.operator.manage' } },
      schema: {
        operationId: 'opsListOperators',
        summary: 'List operators',
        tags: ['ops'],
        response: { 200: Type.Object({ items: Type.Array(OperatorSummarySchema) }), ...errorResponses },
      },
    },
    async (req) => ({ items: await operators.list(req.operator!) }),
  );

  app.post(
    '/ops/operators',
    {
      config: { access: { permission: 'ops.operator.manage' } },
      schema: {
        operationId: 'opsCreateOperator',
        summary: 'Create an operator',
        tags: ['ops'],
        body: CreateOperatorBody,
        response: { 200: CreatedOperatorSchema, ...errorResponses },
      },
    },
    async (req) => {
      const { operator, setupUrl } = await operators.create(req.operator!, req.body);
      return { operator, setupUrl };
    },
  );

  app.post(
    '/ops/operators/:id/disable',
    {
      config: { access: { permission: 'ops.operator.manage' } },
      schema: {
        operationId: 'opsDisableOperator',
        summary: 'Disable an operator',
        tags: ['ops'],
        params: OperatorIdParams,
        body: ReasonBody,
        response: { 200: OperatorSummarySchema, ...errorResponses },
      },
    },
    async (req) => operators.disable(req.operator!, req.params.id, req.body.reason),
  );

  app.post(
    '/ops/operators/:id/enable',
    {
      config: { access: { permission: 'ops.operator.manage' } },
      schema: {
        operationId: 'opsEnableOperator',
        summary: 'Enable an operator',
        tags: ['ops'],
        params: OperatorIdParams,
        body: ReasonBody,
        response: { 200: OperatorSummarySchema, ...errorResponses },
      },
    },
    async (req) => operators.enable(req.operator!, req.params.id, req.body.reason),
  );

  app.put(
    '/ops/operators/:id/role',
    {
      config: { access: { permission: 'ops.operator.manage' } },
      schema: {
        operationId: 'opsSetOperatorRole',
        summary: "Change an operator's role",
        tags: ['ops'],
        params: OperatorIdParams,
        body: RoleBody,
        response: { 200: OperatorSummarySchema, ...errorResponses },
      },
    },
    async (req) => operators.setRole(req.operator!, req.params.id, req.body.role, req.body.reason),
  );
};
