import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, ErrorResponse, UuidSchema } from '../../shared/schemas.js';
import type { AuthService } from './auth.service.js';
import { retryAfterOnLock, sendSession, sendSignIn } from './auth.reply.js';
import { CaptchaHeaders, DeviceInfoSchema, LoginResponse, SessionResponse, sessionAnswer, SignedInDevice } from './auth.schemas.js';
import type { TwoFactorService } from './two-factor.service.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export const authRoutes: FastifyPluginAsyncTypebox<{
  auth: AuthService;
  health: () => Promise<{ database: boolean; blobStore: boolean }>;
  twoFactor: TwoFactorService;
  authRateLimit: number;
}> = async (app, { auth, twoFactor, health, authRateLimit }) => {
  const strict = { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `auth:${req.ip}` };

  app.post(
    '/auth/token',
    {
      config: { public: true, rateLimit: strict },
      schema: {
        operationId: 'login',
        summary: 'Sign in',
        description:
          'The username is the e-mail address or the phone number. The session token comes back in the X-Auth-Token ' +
          'response header: send it as X-Auth-Token on every other call. With rememberMe=true an X-Remember-Me-Token ' +
          'header comes too, for POST /api/auth/rememberMe when the session has expired. After repeated failures a ' +
          'captcha is required (412 CAPTCHA_REQUIRED: GET /api/captcha/IMAGE/{captchaId}, then X-Captcha-Id and ' +
          'X-Captcha-Answer); with two-factor sign-in on, the answer is a challenge for POST /api/auth/2fa/token.',
        tags: ['auth'],
        querystring: Type.Object({ rememberMe: Type.Optional(Type.Boolean({ description: 'Also issue a remember-me token.' })) }),
        headers: Type.Object(CaptchaHeaders),
        body: Type.Object(
          {
            username: Type.String({ minLength: 1, maxLength: 320 }),
            password: Type.String({ minLength: 1, maxLength: 128 }),
          },
          { examples: [{ username: 'ayse@example.com', password: 'correct horse 42' }] },
        ),
        response: { 200: sessionAnswer(LoginResponse, 'Signed in: the session token is in the X-Auth-Token header (with two-factor sign-in on, a challenge instead and no token).'), ...errorResponses, 412: ErrorResponse },
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
        .catch(retryAfterOnLock(reply));
      return sendSignIn(reply, issued);
    },
  );

  app.post(
    '/auth/rememberMe',
    {
      config: { public: true, rateLimit: strict },
      schema: {
        operationId: 'rememberMe',
        summary: 'Refresh the session with the remember-me token',
        description:
          'Send the X-Remember-Me-Token from sign-in (and the expired X-Auth-Token, if any). The answer carries a new ' +
          'X-Auth-Token and a new X-Remember-Me-Token; the old remember-me token stops working (sent again, it answers ' +
          '401 and revokes every token of its chain).',
        tags: ['auth'],
        headers: Type.Object({
          'x-remember-me-token': Type.String({ minLength: 16, maxLength: 200 }),
          'x-auth-token': Type.Optional(Type.String({ maxLength: 200 })),
        }),
        body: DeviceInfoSchema,
        response: { 200: sessionAnswer(SessionResponse, 'A new X-Auth-Token and a new X-Remember-Me-Token in the headers.'), ...errorResponses },
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
        summary: 'Sign out',
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
        summary: 'Check the service is up',
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

  app.get(
    '/auth/sessions',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listSessions', summary: 'List signed-in devices', tags: ['auth'], response: { 200: Type.Array(SignedInDevice), ...errorResponses } },
    },
    async (req) => auth.listSessions(req.auth!),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: { access: { permission: 'session.write', ids: [{ in: 'params', path: 'id' }] } },
      schema: {
        operationId: 'endSession',
        summary: 'Sign out a device',
        tags: ['auth'],
        params: Type.Object({ id: UuidSchema }),
        response: { 200: Type.Object({}), ...errorResponses },
      },
    },
    async (req) => {
      await auth.endSession(req.auth!, req.params.id);
      return {};
    },
  );

  app.post(
    '/auth/sessions/endOthers',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'endOtherSessions',
        summary: 'Sign out every other device',
        tags: ['auth'],
        response: { 200: Type.Object({ ended: Type.Integer() }), ...errorResponses },
      },
    },
    async (req) => ({ ended: await auth.endSessions(req.auth!.accountId, { except: req.auth!.sessionId }) }),
  );

  await app.register(twoFactorRoutes, { auth, twoFactor, authRateLimit });
};
