import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../shared/schemas.js';
import { FeedbackParams, FeedbackSent, SendFeedbackBody } from './feedback.schemas.js';
import type { FeedbackService } from './feedback.service.js';

export const feedbackRoutes: FastifyPluginAsyncTypebox<{ service: FeedbackService }> = async (app, { service }) => {
  // The spec's second reading posts the bare message text: the same request, without the browser's details.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, { text: body }));
  app.post(
    '/feedback/send/:type/:language',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'sendFeedback',
        summary: 'Send feedback',
        tags: ['feedback'],
        params: FeedbackParams,
        body: SendFeedbackBody,
        response: { 200: FeedbackSent, ...errorResponses },
      },
    },
    async (req) => ({ data: await service.send(req.auth!, req.params.type, req.params.language, req.body.text, req.body.client) }),
  );
};
