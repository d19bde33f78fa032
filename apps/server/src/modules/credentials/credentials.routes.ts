import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses, LanguageSchema } from '../../shared/schemas.js';
import { CaptchaHeaders } from '../auth/auth.public.js';
import { captchaFrom } from '../captcha/captcha.public.js';
import { publicOrigin } from '../../infra/http/public-origin.js';
import type { CredentialsService } from './credentials.service.js';
import { PasswordPolicy, RecoveryEmail, SecurityQuestion } from './credentials.schemas.js';

const tags = ['recovery'];
const self = { access: { permission: 'self' as const } };
// The captcha id names a challenge, not something of an account.
const selfWithCaptcha = {
  access: {
    permission: 'self' as const,
    notIds: [{ in: 'headers' as const, path: 'x-captcha-id', why: 'a captcha challenge, checked by the captcha gate' }],
  },
};

export const credentialsRoutes: FastifyPluginAsyncTypebox<{
  credentials: CredentialsService;
  authRateLimit: number;
  publicUrl: string | null;
}> = async (app, { credentials, authRateLimit, publicUrl }) => {
  const rateLimit = { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `credentials:${req.ip}` };
  const origin = (req: { protocol: string; host: string }) => publicOrigin(publicUrl, req);

  app.get(
    '/v2/account/updatePassword',
    {
      config: self,
      schema: { operationId: 'getPasswordPolicy', summary: 'Get the password rules', tags, response: { 200: PasswordPolicy, ...errorResponses } },
    },
    async (req) => credentials.passwordPolicy(req.auth!, req.ip),
  );

  app.post(
    '/v2/account/updatePassword',
    {
      config: { ...selfWithCaptcha, rateLimit },
      schema: {
        operationId: 'updatePassword',
        summary: 'Change the password',
        tags,
        description: 'Changes the password; every OTHER session and remember-me token of the account ends.',
        headers: Type.Object(CaptchaHeaders),
        body: Type.Object({
          oldPassword: Type.String({ minLength: 1, maxLength: 128 }),
          newPassword: Type.String({ minLength: 1, maxLength: 128 }),
          repeatPassword: Type.String({ minLength: 1, maxLength: 128 }),
        }),
        response: { 200: Type.Object({}), ...errorResponses, 412: ErrorResponse },
      },
    },
    async (req) => {
      await credentials.updatePassword(req.auth!, req.body, req.ip, captchaFrom(req.headers));
      return {};
    },
  );

  app.put(
    '/v1/account/recovery/email',
    {
      config: { ...self, rateLimit },
      schema: {
        operationId: 'setRecoveryEmail',
        summary: 'Set the recovery e-mail',
        tags,
        description: 'Sets the recovery e-mail (unverified) and mails a link /verify/recovery-email?token=… to it.',
        body: Type.Object({ email: Type.String({ minLength: 3, maxLength: 320 }) }),
        response: { 200: RecoveryEmail, ...errorResponses, 409: ErrorResponse },
      },
    },
    async (req) => credentials.setRecoveryEmail(req.auth!, req.body.email, origin(req)),
  );

  app.post(
    '/v1/account/recovery/email',
    {
      config: self,
      schema: {
        operationId: 'getRecoveryEmail',
        summary: 'Get the recovery e-mail',
        tags,
        description: 'Takes no body (an empty JSON object is accepted too).',
        response: { 200: RecoveryEmail, ...errorResponses },
      },
    },
    async (req) => credentials.getRecoveryEmail(req.auth!),
  );

  app.delete(
    '/v1/account/recovery/email',
    {
      config: self,
      schema: { operationId: 'removeRecoveryEmail', summary: 'Remove the recovery e-mail', tags, response: { 200: RecoveryEmail, ...errorResponses } },
    },
    async (req) => credentials.removeRecoveryEmail(req.auth!),
  );

  app.post(
    '/verify/recoveryEmailAddress',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'verifyRecoveryEmail',
        summary: 'Verify the recovery e-mail from its link',
        tags,
        body: Type.Object({ token: Type.String({ minLength: 16, maxLength: 200 }) }),
        response: { 200: Type.Object({ email: Type.String() }), ...errorResponses },
      },
    },
    async (req) => credentials.verifyRecoveryEmail(req.body.token),
  );

  app.post(
    '/verify/sendVerificationRecoveryEmail',
    {
      config: { ...self, rateLimit },
      schema: {
        operationId: 'resendRecoveryEmailVerification',
        summary: 'Send the recovery e-mail verification again',
        tags,
        description: 'Takes no body (an empty JSON object is accepted too).',
        response: { 200: RecoveryEmail, ...errorResponses },
      },
    },
    async (req) => credentials.resendRecoveryEmailVerification(req.auth!, origin(req)),
  );

  app.post(
    '/account/updateSecurityQuestion',
    {
      config: { ...selfWithCaptcha, rateLimit },
      schema: {
        operationId: 'updateSecurityQuestion',
        summary: 'Set the security question and answer',
        tags,
        headers: Type.Object(CaptchaHeaders),
        body: Type.Object({
          securityQuestionId: Type.Integer({ minimum: 1, maximum: 1000 }),
          answer: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: Type.Object({ securityQuestionId: Type.Integer() }), ...errorResponses, 412: ErrorResponse },
      },
    },
    async (req) => credentials.updateSecurityQuestion(req.auth!, req.body, req.ip, captchaFrom(req.headers)),
  );

  app.get(
    '/account/securityQuestion',
    {
      config: self,
      schema: {
        operationId: 'getMySecurityQuestion',
        summary: 'Get my security question',
        tags,
        response: { 200: Type.Object({ securityQuestionId: Type.Union([Type.Integer(), Type.Null()]) }), ...errorResponses },
      },
    },
    async (req) => credentials.getSecurityQuestion(req.auth!),
  );

  app.get(
    '/securityQuestion/:id',
    {
      config: { public: true },
      schema: {
        operationId: 'getSecurityQuestion',
        summary: 'Get a security question',
        tags,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 1000 }) }),
        querystring: Type.Object({ language: Type.Optional(LanguageSchema) }),
        response: { 200: SecurityQuestion, ...errorResponses },
      },
    },
    async (req) => credentials.question(req.params.id, req.query.language ?? 'en'),
  );

  app.get(
    '/securityQuestions',
    {
      config: { public: true },
      schema: {
        operationId: 'listSecurityQuestions',
        summary: 'List security questions',
        tags,
        querystring: Type.Object({ language: Type.Optional(LanguageSchema) }),
        response: { 200: Type.Array(SecurityQuestion), ...errorResponses },
      },
    },
    async (req) => credentials.questions(req.query.language ?? 'en'),
  );
};
