import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import type { CaptchaService } from './captcha.service.js';

export const captchaRoutes: FastifyPluginAsyncTypebox<{ captcha: CaptchaService }> = async (app, { captcha }) => {
  app.get(
    '/captcha/required',
    {
      config: { public: true },
      schema: {
        operationId: 'getCaptchaRequired',
        summary: 'Is a captcha required?',
        tags: ['captcha'],
        querystring: Type.Object({ channel: Type.Optional(Type.Union([Type.Literal('LOGIN'), Type.Literal('SIGN_UP'), Type.Literal('FORGOT_PASSWORD')])) }),
        response: { 200: Type.Object({ captchaRequired: Type.Boolean() }), ...errorResponses },
      },
    },
    async (req) => ({ captchaRequired: await captcha.isRequired(req.query.channel ?? 'LOGIN', req.ip) }),
  );

  app.get(
    '/captcha/:type/:captchaId',
    {
      config: { public: true },
      schema: {
        operationId: 'getCaptcha',
        summary: 'Get a captcha image or audio',
        tags: ['captcha'],
        description: 'PNG image or WAV audio of the same challenge; the first request for an id creates it.',
        params: Type.Object({
          type: Type.Union([Type.Literal('IMAGE'), Type.Literal('AUDIO')]),
          captchaId: Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' }),
        }),
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { body, contentType } = await captcha.render(req.params.type, req.params.captchaId, req.ip);
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
};
