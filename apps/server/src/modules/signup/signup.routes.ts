import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses, LanguageSchema } from '../../shared/schemas.js';
import { CaptchaHeaders, sendSession, SessionResponse, sessionAnswer } from '../auth/auth.public.js';
import { SignupSocialToken } from '../social-login/social-login.public.js';
import type { SignupService } from './signup.service.js';
import { captchaFrom } from '../captcha/captcha.public.js';

const Ticket = Type.Object(
  { referenceToken: Type.String(), expectedInputLength: Type.Integer(), remainingTimeInMinutes: Type.Integer() },
  { $id: 'SignupTicket' },
);
const Reference = Type.String({ minLength: 16, maxLength: 200 });

export const signupRoutes: FastifyPluginAsyncTypebox<{ signup: SignupService; authRateLimit: number }> = async (
  app,
  { signup, authRateLimit },
) => {
  const rateLimit = { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `signup:${req.ip}` };

  app.post(
    '/v2/signup',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'signup',
        summary: 'Sign up',
        tags: ['signup'],
        headers: Type.Object(CaptchaHeaders),
        body: Type.Object({
          email: Type.String({ minLength: 3, maxLength: 320 }),
          phoneNumber: Type.String({ minLength: 4, maxLength: 20 }),
          countryCode: Type.String({ minLength: 1, maxLength: 4 }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
          name: Type.Optional(Type.String({ maxLength: 100 })),
          surname: Type.Optional(Type.String({ maxLength: 100 })),
          language: LanguageSchema,
          eulaId: Type.Integer({ minimum: 1 }),
          sendOtpTo: Type.Optional(Type.Union([Type.Literal('PHONE'), Type.Literal('EMAIL')])),
          // Sign-up with Google/Apple: the identity is linked when the account is created.
          socialToken: Type.Optional(SignupSocialToken),
          // The inviter's token from an invitation link (/auth/inviteuser), kept by the browser (spec 000 §3).
          referrerToken: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: Ticket, ...errorResponses, 412: ErrorResponse },
      },
    },
    async (req) =>
      signup.start(req.body, req.ip, captchaFrom(req.headers)),
  );

  app.post(
    '/v2/signup/sendVerification',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'signupSendVerification',
        summary: 'Send the sign-up code again',
        tags: ['signup'],
        body: Type.Object({ referenceToken: Reference }),
        response: { 200: Ticket, ...errorResponses },
      },
    },
    async (req) => signup.resend(req.body.referenceToken),
  );

  app.post(
    '/v2/signup/validate',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'signupValidate',
        summary: 'Confirm sign-up with the code',
        tags: ['signup'],
        body: Type.Object({ referenceToken: Reference, otp: Type.String({ minLength: 1, maxLength: 12 }) }),
        response: { 200: sessionAnswer(SessionResponse, 'Signed in: the session token is in the X-Auth-Token header.'), ...errorResponses, 409: ErrorResponse },
      },
    },
    async (req, reply) => sendSession(reply, await signup.validate(req.body.referenceToken, req.body.otp, `${req.protocol}://${req.host}`)),
  );
};
