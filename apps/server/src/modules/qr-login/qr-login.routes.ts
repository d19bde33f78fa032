import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import { DeviceInfoSchema, LoginResponse, SessionResponse, sendSession, sendSignIn, sessionAnswer } from '../auth/auth.public.js';
import type { QrLoginService } from './qr-login.service.js';
import type { SilentLoginService } from './silent-login.service.js';
import { QrCodeBody, QrCodeQuery, QrLoginRequest, QrLoginStart, SilentLoginBody } from './qr-login.schemas.js';

const tags = ['qr-login'];
const RememberMeQuery = Type.Object({ rememberMe: Type.Optional(Type.Boolean()) });

export const qrLoginRoutes: FastifyPluginAsyncTypebox<{
  qr: QrLoginService;
  silent: SilentLoginService;
  /** The external origin for the approve link; null: the request's own. */
  publicUrl: string | null;
  authRateLimit: number;
  pollRateLimit: number;
}> = async (app, { qr, silent, publicUrl, authRateLimit, pollRateLimit }) => {
  const strict = { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `auth:${req.ip}` };
  const polls = { max: pollRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `qr-poll:${req.ip}` };

  app.post(
    '/auth/qrcode/start',
    {
      config: { public: true, rateLimit: strict },
      schema: { operationId: 'qrLoginStart', summary: 'Start a QR sign-in', tags, body: Type.Object({}), response: { 200: QrLoginStart, ...errorResponses } },
    },
    async (req) => qr.start({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '', origin: publicUrl ?? `${req.protocol}://${req.host}` }),
  );

  app.post(
    '/auth/qrcode',
    {
      config: { public: true, rateLimit: polls },
      schema: {
        operationId: 'loginWithQrCode',
        summary: 'Wait for a QR sign-in to be approved',
        tags,
        description: 'Polled by the waiting screen: 401 QR_PENDING until approved (never refresh on it), then the session once.',
        querystring: RememberMeQuery,
        body: Type.Object({ deviceInfo: DeviceInfoSchema, token: Type.String({ minLength: 16, maxLength: 200 }) }),
        response: { 200: sessionAnswer(SessionResponse, 'Signed in: the session token is in the X-Auth-Token header.'), ...errorResponses },
      },
    },
    async (req, reply) => sendSession(reply, await qr.poll(req.body.token, req.body.deviceInfo, req.query.rememberMe === true)),
  );

  app.get(
    '/auth/qrcode/request',
    {
      config: { access: { permission: 'self' }, rateLimit: strict },
      schema: { operationId: 'qrLoginRequest', summary: 'Get the QR sign-in waiting for approval', tags, querystring: QrCodeQuery, response: { 200: QrLoginRequest, ...errorResponses } },
    },
    async (req) => qr.request(req.auth!, req.query.code),
  );

  app.post(
    '/auth/qrcode/approve',
    {
      config: { access: { permission: 'self' }, rateLimit: strict },
      schema: { operationId: 'qrLoginApprove', summary: 'Approve a QR sign-in', tags, body: QrCodeBody, response: { 200: Type.Object({}), ...errorResponses } },
    },
    async (req) => {
      await qr.approve(req.auth!, req.body.code);
      return {};
    },
  );

  app.post(
    '/auth/qrcode/reject',
    {
      config: { access: { permission: 'self' }, rateLimit: strict },
      schema: { operationId: 'qrLoginReject', summary: 'Reject a QR sign-in', tags, body: QrCodeBody, response: { 200: Type.Object({}), ...errorResponses } },
    },
    async (req) => {
      await qr.reject(req.auth!, req.body.code);
      return {};
    },
  );

  app.post(
    '/auth/silent/token',
    {
      config: { public: true, rateLimit: strict },
      schema: {
        operationId: 'silentLogin',
        summary: "Sign in with the operator's token",
        tags,
        description: 'Operator sign-in: a short-lived JWT from the operator gateway. 404 when not configured.',
        querystring: RememberMeQuery,
        body: SilentLoginBody,
        response: { 200: sessionAnswer(LoginResponse, 'Signed in: the session token is in the X-Auth-Token header (with two-factor sign-in on, a challenge instead and no token).'), ...errorResponses },
      },
    },
    async (req, reply) =>
      sendSignIn(reply, await silent.login(req.body.token, { rememberMe: req.query.rememberMe === true, userAgent: req.headers['user-agent'] ?? '', ip: req.ip })),
  );
};
