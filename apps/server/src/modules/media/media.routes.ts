import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Binary, ErrorResponse } from '../../shared/schemas.js';
import { TokenParams } from '../download/download.public.js';
import type { DerivativeKind } from './media.links.js';
import type { MediaService } from './media.service.js';

export const mediaRoutes: FastifyPluginAsyncTypebox<{ media: MediaService }> = async (app, { media }) => {
  const route = (kind: DerivativeKind, operationId: string, summary: string) =>
    app.get(
      `/media/${kind}/*`,
      {
        exposeHeadRoute: false,
        // Public: an <img> cannot send X-Auth-Token; the signed token is the credential.
        config: { public: true, signedUrl: true },
        schema: { operationId, summary, tags: ['media'], params: TokenParams, response: { 200: Binary('image/webp', `The ${kind === 'thumb' ? 'thumbnail' : 'preview'} image.`), 404: ErrorResponse, 429: ErrorResponse } },
      },
      async (req, reply) => {
        const stream = await media.open(kind, req.params['*']);
        return reply
          .type('image/webp')
          // The URL changes when it expires, so the bytes behind one URL never change.
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    );
  route('thumb', 'getThumbnail', 'Open a thumbnail (signed URL)');
  route('preview', 'getPreview', 'Open a preview image (signed URL)');
};
