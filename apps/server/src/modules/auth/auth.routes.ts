import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, ErrorResponse } from '../../shared/schemas.js';
import { AccountLocked, type AuthService, type IssuedSession } from './auth.service.js';
import { CaptchaHeaders, DeviceInfoSchema, SessionResponse, toSessionResponse } from './auth.schemas.js';

/** Puts the new credentials where the client reads them: the response headers. */
export function sendSession(reply: FastifyReply, issued: IssuedSession) {
  reply.header('X-Auth-Token', issued.token);
  if (issued.rememberMeToken) reply.header('X-Remember-Me-Token', issued.rememberMeToken);
  reply.header('cache-control', 'no-store');
  return toSessionResponse(issued);
}

export const authRoutes: FastifyPluginAsyncTypebox<{
  auth: AuthService;
  health: () => Promise<{ database: boolean; blobStore: boolean }>;
  authRateLimit: number;
}> = async (app, { auth, health, authRateLimit }) => {
  const strict = { max: authRateLimit, timeWindow: '1 minute', keyGenerator: (req: { ip: string }) => `auth:${req.ip}` };

  app.post(
    '/auth/token',
    {
      config: { public: true, rateLimit: strict },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        querystring: Type.Object({ rememberMe: Type.Optional(Type.Boolean()) }),
        headers: Type.Object(CaptchaHeaders),
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 320 }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
        }),
        response: { 200: SessionResponse, ...errorResponses, 412: ErrorResponse },
      },
    },
    async (req, reply) => {
      const issued = await auth
        .login({
          ...req.body,
          rememberMe: req.query.rememberMe === true,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
          captcha: { id: req.headers['x-captcha-id'], answer: req.headers['x-captcha-answer'] },
        })
        .catch((err: unknown) => {
          if (err instanceof AccountLocked) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        });
      return sendSession(reply, issued);
    },
  );

  app.post(
    '/auth/rememberMe',
    {
      config: { public: true, rateLimit: strict },
      schema: {
        operationId: 'rememberMe',
        tags: ['auth'],
        headers: Type.Object({
          'x-remember-me-token': Type.String({ minLength: 16, maxLength: 200 }),
          'x-auth-token': Type.Optional(Type.String({ maxLength: 200 })),
        }),
        body: DeviceInfoSchema,
        response: { 200: SessionResponse, ...errorResponses },
      },
    },
    async (req, reply) => sendSession(reply, await auth.refresh(req.headers['x-remember-me-token'], req.body)),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        headers: Type.Object({ 'x-remember-me-token': Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: Type.Object({}), ...errorResponses },
      },
    },
    async (req) => {
      await auth.logout(req.auth!, req.headers['x-remember-me-token']);
      return {};
    },
  );

  app.get(
    '/auth/health',
    {
      config: { public: true, rateLimit: false },
      schema: {
        operationId: 'health',
        tags: ['auth'],
        response: {
          200: Type.Object({ status: Type.String(), database: Type.String(), blobStore: Type.String() }),
          503: Type.Object({ status: Type.String(), database: Type.String(), blobStore: Type.String() }),
        },
      },
    },
    async (_req, reply) => {
      const h = await health();
      const up = (b: boolean) => (b ? 'UP' : 'DOWN');
      const ok = h.database && h.blobStore;
      return reply.status(ok ? 200 : 503).send({ status: up(ok), database: up(h.database), blobStore: up(h.blobStore) });
    },
  );
};
