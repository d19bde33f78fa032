import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, ErrorResponse } from '../../shared/schemas.js';
import { SessionResponse, sessionAnswer } from './auth.schemas.js';
import { retryAfterOnLock, sendSession } from './auth.reply.js';
import type { AuthService } from './auth.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import {
  AuthSettings,
  PasswordBody,
  RecoveryCodes,
  SetAuthSettingsBody,
  TotpEnableBody,
  TotpSetup,
  TwoFactorChallengeBody,
  TwoFactorChallengeTicket,
  TwoFactorTokenBody,
} from './two-factor.schemas.js';

const tags = ['two-factor'];
const self = { access: { permission: 'self' as const } };

export const twoFactorRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService; twoFactor: TwoFactorService; authRateLimit: number }> = async (
  app,
  { auth, twoFactor, authRateLimit },
) => {
  const strict = { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `auth:${req.ip}` };

  app.get(
    '/auth/settings',
    { config: self, schema: { operationId: 'getAuthSettings', summary: 'Get two-factor settings', tags, response: { 200: AuthSettings, ...errorResponses } } },
    async (req) => twoFactor.settings(req.auth!),
  );

  app.post(
    '/auth/settings',
    {
      config: { ...self, rateLimit: strict },
      schema: { operationId: 'setAuthSettings', summary: 'Save two-factor settings', tags, body: SetAuthSettingsBody, response: { 200: AuthSettings, ...errorResponses } },
    },
    async (req) => twoFactor.setEnabled(req.auth!, req.body.twoFactorAuthEnabled, req.body.password),
  );

  app.post(
    '/auth/2fa/challenge',
    {
      config: { public: true, rateLimit: strict },
      schema: {
        operationId: 'twoFactorChallenge',
        summary: 'Send a two-factor sign-in code',
        tags,
        body: TwoFactorChallengeBody,
        response: { 200: TwoFactorChallengeTicket, ...errorResponses },
      },
    },
    async (req) => twoFactor.sendCode(req.body.challengeToken, req.body.method),
  );

  app.post(
    '/auth/2fa/token',
    {
      config: { public: true, rateLimit: strict },
      schema: {
        operationId: 'twoFactorToken',
        summary: 'Finish a two-factor sign-in',
        tags,
        querystring: Type.Object({ rememberMe: Type.Optional(Type.Boolean()) }),
        body: TwoFactorTokenBody,
        response: { 200: sessionAnswer(SessionResponse, 'Signed in: the session token is in the X-Auth-Token header.'), ...errorResponses },
      },
    },
    async (req, reply) =>
      sendSession(reply, await auth.completeTwoFactor({ ...req.body, ip: req.ip }, req.query.rememberMe === true).catch(retryAfterOnLock(reply))),
  );

  app.post(
    '/auth/2fa/totp/setup',
    {
      config: { ...self, rateLimit: strict },
      schema: { operationId: 'totpSetup', summary: 'Start setting up an authenticator app', tags, body: PasswordBody, response: { 200: TotpSetup, ...errorResponses } },
    },
    async (req) => twoFactor.totpSetup(req.auth!, req.body.password),
  );

  app.post(
    '/auth/2fa/totp/enable',
    {
      config: { ...self, rateLimit: strict },
      schema: { operationId: 'totpEnable', summary: 'Turn the authenticator app on', tags, body: TotpEnableBody, response: { 200: RecoveryCodes, ...errorResponses, 409: ErrorResponse } },
    },
    async (req) => twoFactor.totpEnable(req.auth!, req.body.code),
  );

  app.post(
    '/auth/2fa/totp/disable',
    {
      config: { ...self, rateLimit: strict },
      schema: { operationId: 'totpDisable', summary: 'Turn the authenticator app off', tags, body: PasswordBody, response: { 200: AuthSettings, ...errorResponses } },
    },
    async (req) => twoFactor.totpDisable(req.auth!, req.body.password),
  );

  app.post(
    '/auth/2fa/recoveryCodes',
    {
      config: { ...self, rateLimit: strict },
      schema: { operationId: 'regenerateRecoveryCodes', summary: 'Make new two-factor recovery codes', tags, body: PasswordBody, response: { 200: RecoveryCodes, ...errorResponses, 409: ErrorResponse } },
    },
    async (req) => twoFactor.regenerateRecoveryCodes(req.auth!, req.body.password),
  );
};
