import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { CaptchaHeaders } from '../auth/auth.public.js';
import { captchaFrom } from '../captcha/captcha.public.js';
import { publicOrigin } from '../../infra/http/public-origin.js';
import type { RecoveryService } from './recovery.service.js';
import {
  ForgotPasswordStart,
  RecoveryStatus,
  ReferenceToken,
  SelectedMethod,
  Username,
  type RecoveryMethod,
} from './recovery.schemas.js';

const tags = ['recovery'];
const WithReference = Type.Object({ referenceToken: ReferenceToken });

export const recoveryRoutes: FastifyPluginAsyncTypebox<{
  recovery: RecoveryService;
  authRateLimit: number;
  publicUrl: string | null;
}> = async (app, { recovery, authRateLimit, publicUrl }) => {
  // One budget per address for every recovery call: guessing codes, answers or accounts all spend it.
  const rateLimit = { max: authRateLimit, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `recovery:${req.ip}` };
  const origin = (req: { protocol: string; host: string }) => publicOrigin(publicUrl, req);

  const starts = [
    { url: '/account/forgotMyPassword', operationId: 'forgotMyPasswordV1', summary: 'Start a password recovery (flow v1)', flow: 'v1' },
    { url: '/v2/forgotMyPassword', operationId: 'forgotMyPasswordV2', summary: 'Start a password recovery (flow v2)', flow: 'v2' },
  ] as const;
  for (const { url, operationId, summary, flow } of starts) {
    app.post(
      url,
      {
        config: { public: true, rateLimit },
        schema: {
          operationId,
          summary,
          tags,
          headers: Type.Object(CaptchaHeaders),
          body: Type.Object({ username: Username }),
          response: { 200: ForgotPasswordStart, ...errorResponses, 412: ErrorResponse },
        },
      },
      async (req) => recovery.start({ flow, username: req.body.username, ip: req.ip, captcha: captchaFrom(req.headers) }),
    );
  }

  app.post(
    '/v3/forgotMyPassword',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'forgotMyPasswordV3',
        summary: 'Start a password recovery (flow v3)',
        tags,
        description:
          'Starts a recovery that needs two different factors when the account has two-factor sign-in on. With the ' +
          'referenceToken of a recovery whose first factor is verified, answers the methods left for the second.',
        querystring: Type.Object({ referenceToken: Type.Optional(ReferenceToken) }),
        headers: Type.Object(CaptchaHeaders),
        body: Type.Object({ username: Username }),
        response: { 200: ForgotPasswordStart, ...errorResponses, 412: ErrorResponse },
      },
    },
    async (req) =>
      recovery.start({
        flow: 'v3',
        username: req.body.username,
        ip: req.ip,
        captcha: captchaFrom(req.headers),
        referenceToken: req.query.referenceToken,
      }),
  );

  const choices: Array<{ path: string; operationId: string; summary: string; method: RecoveryMethod; resend: boolean }> = [
    { path: 'continueWithMsisdn', operationId: 'forgotMyPasswordContinueWithMsisdn', summary: 'Recover by SMS', method: 'SMS', resend: false },
    { path: 'continueWithEmail', operationId: 'forgotMyPasswordContinueWithEmail', summary: 'Recover by e-mail', method: 'EMAIL', resend: false },
    {
      path: 'continueWithRecoveryEmail',
      operationId: 'forgotMyPasswordContinueWithRecoveryEmail',
      summary: 'Recover by the recovery e-mail',
      method: 'RECOVERY_EMAIL',
      resend: false,
    },
    { path: 'sendSms', operationId: 'forgotMyPasswordSendSms', summary: 'Send the recovery SMS again', method: 'SMS', resend: true },
    { path: 'sendEmail', operationId: 'forgotMyPasswordSendEmail', summary: 'Send the recovery e-mail again', method: 'EMAIL', resend: true },
    { path: 'sendRecoveryEmail', operationId: 'forgotMyPasswordSendRecoveryEmail', summary: 'Send the recovery e-mail to the recovery address again', method: 'RECOVERY_EMAIL', resend: true },
  ];
  for (const { path, operationId, summary, method, resend } of choices) {
    app.post(
      `/forgotMyPassword/${path}`,
      {
        config: { public: true, rateLimit },
        schema: {
          operationId,
          summary,
          tags,
          description: resend
            ? 'Sends the code or link of the chosen method again (at most 3 times).'
            : 'Chooses this method and sends the SMS code or the e-mailed link.',
          body: WithReference,
          response: { 200: SelectedMethod, ...errorResponses, 409: ErrorResponse },
        },
      },
      async (req) => recovery.send(req.body.referenceToken, method, { resend, ip: req.ip, origin: origin(req) }),
    );
  }

  app.post(
    '/forgotMyPassword/validatePhoneNumber',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'forgotMyPasswordValidatePhoneNumber',
        summary: 'Check the recovery SMS code',
        tags,
        body: Type.Object({ referenceToken: ReferenceToken, otp: Type.String({ minLength: 1, maxLength: 12 }) }),
        response: { 200: RecoveryStatus, ...errorResponses },
      },
    },
    async (req) => recovery.validateOtp(req.body.referenceToken, req.body.otp, req.ip),
  );

  app.post(
    '/forgotMyPassword/validateSecurityQuestion',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'forgotMyPasswordValidateSecurityQuestion',
        summary: 'Check the security answer',
        tags,
        body: Type.Object({ referenceToken: ReferenceToken, answer: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: RecoveryStatus, ...errorResponses },
      },
    },
    async (req) => recovery.validateSecurityAnswer(req.body.referenceToken, req.body.answer, req.ip),
  );

  app.post(
    '/forgotMyPassword/checkStatus',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'forgotMyPasswordCheckStatus',
        summary: 'Check a recovery',
        tags,
        description: 'The e-mail waiting screen polls this: VERIFIED once the link was opened, on any device.',
        body: WithReference,
        response: { 200: RecoveryStatus, ...errorResponses },
      },
    },
    async (req) => recovery.status(req.body.referenceToken),
  );

  for (const version of ['v2', 'v3'] as const) {
    app.post(
      `/${version}/forgotMyPassword/verify`,
      {
        config: { public: true, rateLimit },
        schema: {
          operationId: `forgotMyPasswordVerify${version.toUpperCase()}`,
          summary: `Open a recovery link (flow ${version})`,
          tags,
          description: 'Opens the e-mailed link /changemypasswordv1|v2|v3/{referenceToken}/{id} (single use, 30 minutes).',
          body: Type.Object({ referenceToken: ReferenceToken, id: Type.String({ minLength: 16, maxLength: 200 }) }),
          response: { 200: RecoveryStatus, ...errorResponses },
        },
      },
      async (req) => recovery.verifyLink(req.body.referenceToken, req.body.id, req.ip),
    );
  }

  app.post(
    '/forgotMyPassword/change',
    {
      config: { public: true, rateLimit },
      schema: {
        operationId: 'forgotMyPasswordChange',
        summary: 'Set a new password after recovery',
        tags,
        description:
          'Sets the new password once the recovery is VERIFIED; ends every session and remember-me token of the account.',
        body: Type.Object({ referenceToken: ReferenceToken, password: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: Type.Object({}), ...errorResponses },
      },
    },
    async (req) => {
      await recovery.change(req.body.referenceToken, req.body.password);
      return {};
    },
  );
};
