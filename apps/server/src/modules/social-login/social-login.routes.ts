import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { LoginResponse, sendSignIn, sessionAnswer } from '../auth/auth.public.js';
import {
  AppleFormPost,
  AppleTokenFromKey,
  SocialConnection,
  SocialProviders,
  SocialStart,
  SocialStartBody,
  SocialStatus,
  SocialTokenBody,
} from './social-login.schemas.js';
import type { SocialLoginService } from './social-login.service.js';
import type { SocialProvider } from './social-login.table.js';

const tags = ['social-login'];
/** 503: the provider's discovery document or keys cannot be fetched. */
const unavailable = { 503: ErrorResponse };
const RememberMe = Type.Object({ rememberMe: Type.Optional(Type.Boolean()) });

export const socialLoginRoutes: FastifyPluginAsyncTypebox<{
  social: SocialLoginService;
  publicUrl: string | null;
  authRateLimit: number;
}> = async (app, { social, publicUrl, authRateLimit }) => {
  const rateLimit = { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `social:${req.ip}` };
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  // Apple answers with an HTML form post; only this plugin's routes accept that body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/auth/social/providers',
    {
      config: { public: true },
      schema: { operationId: 'socialProviders', summary: 'List the sign-in providers configured', tags, response: { 200: SocialProviders, ...errorResponses } },
    },
    async () => social.providers(),
  );

  app.post(
    '/auth/social/start',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'socialStart',
        summary: 'Start a Google or Apple sign-in',
        tags,
        body: SocialStartBody,
        response: { 200: SocialStart, ...errorResponses, ...unavailable },
      },
    },
    async (req) => social.start(req.body.provider, req.body.intent, origin(req)),
  );

  app.post(
    '/apple/login/callback',
    {
      config: { public: true, rateLimit },
      schema: {
        // Apple's browser redirect target (answers 303 to /auth/login/apple/{key}), not a call of the web client.
        hide: true,
        body: AppleFormPost,
        response: { 303: Type.Null(), ...errorResponses },
      },
    },
    async (req, reply) => reply.redirect(await social.parkAppleAnswer(req.body), 303),
  );

  app.get(
    '/apple/login/callback',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'getAppleTokenFromKey',
        summary: "Pick up Apple's sign-in answer",
        tags,
        querystring: Type.Object({ key: Type.String({ minLength: 16, maxLength: 200 }) }),
        response: { 200: AppleTokenFromKey, ...errorResponses, ...unavailable },
      },
    },
    async (req) => social.appleAnswer(req.query.key),
  );

  // For the API document's summaries.
  const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };
  const login = (provider: SocialProvider, operationId: string) =>
    app.post(
      `/auth/${provider}`,
      {
        config: { public: true, rateLimit },
        schema: {
          operationId,
          summary: `Sign in with ${PROVIDER_NAMES[provider]}`,
          tags,
          querystring: RememberMe,
          body: SocialTokenBody,
          // 404 SOCIAL_ACCOUNT_NOT_FOUND: no account has this identity; 409 SOCIAL_EMAIL_IN_USE: one has its e-mail.
          response: { 200: sessionAnswer(LoginResponse, 'Signed in: the session token is in the X-Auth-Token header (with two-factor sign-in on, a challenge instead and no token).'), ...errorResponses, 409: ErrorResponse, ...unavailable },
        },
      },
      async (req, reply) =>
        sendSignIn(
          reply,
          await social.login(provider, req.body, {
            rememberMe: req.query.rememberMe === true,
            userAgent: req.headers['user-agent'] ?? '',
            ip: req.ip,
          }),
        ),
    );
  login('google', 'loginWithGoogle');
  login('apple', 'loginWithApple');

  const settings = (provider: SocialProvider, ids: { status: string; connect: string; disconnect: string }) => {
    app.get(
      `/${provider}/login/status`,
      {
        config: { access: { permission: 'self' } },
        schema: { operationId: ids.status, summary: `Is the ${PROVIDER_NAMES[provider]} account linked?`, tags, response: { 200: SocialConnection, ...errorResponses } },
      },
      async (req) => social.connection(req.auth!, provider),
    );
    app.post(
      `/${provider}/login/connect`,
      {
        config: { access: { permission: 'self' }, rateLimit },
        schema: {
          operationId: ids.connect,
          summary: `Link the ${PROVIDER_NAMES[provider]} account`,
          tags,
          body: SocialTokenBody,
          response: { 200: SocialConnection, ...errorResponses, 409: ErrorResponse, ...unavailable },
        },
      },
      async (req) => social.connect(req.auth!, provider, req.body),
    );
    app.post(
      `/${provider}/login/disconnect`,
      {
        config: { access: { permission: 'self' } },
        schema: { operationId: ids.disconnect, summary: `Unlink the ${PROVIDER_NAMES[provider]} account`, tags, response: { 200: SocialConnection, ...errorResponses } },
      },
      async (req) => social.disconnect(req.auth!, provider),
    );
  };
  settings('google', { status: 'googleLoginStatus', connect: 'googleConnect', disconnect: 'googleDisconnect' });
  settings('apple', { status: 'appleLoginStatus', connect: 'appleConnect', disconnect: 'appleDisconnect' });

  app.get(
    '/share/social/status',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'socialStatus', summary: 'Get social sharing status', tags, response: { 200: SocialStatus, ...errorResponses } },
    },
    async (req) => social.status(req.auth!),
  );
};
