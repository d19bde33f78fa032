import type { FastifyInstance } from 'fastify';

/**
 * Makes every request body in this (encapsulated) context arrive as the raw stream, whatever its Content-Type, for
 * routes that stream it themselves. A refused request whose body is still arriving closes its connection rather than
 * reading the rest just to keep it alive.
 */
export function rawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode >= 400 && !req.raw.complete) reply.header('connection', 'close');
  });
}
