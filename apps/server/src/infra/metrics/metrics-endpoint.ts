import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { renderMetrics } from './metrics.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics on the app's own port, for a scraper that presents `Authorization: Bearer <METRICS_TOKEN>`. Anything
 * else gets the same 404 as an unknown path, so the endpoint's existence is not advertised.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string): void {
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { config: { public: true, rateLimit: false }, schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    const given = req.headers.authorization;
    // Compared as digests: equal lengths, and the time taken says nothing about the token.
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      return reply.status(404).send({ status: 'NOT_FOUND', message: `Route GET /metrics not found.`, requestId: req.id });
    }
    const { contentType, body } = await renderMetrics();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * The metrics on a port of their own (METRICS_PORT), bound to METRICS_HOST (127.0.0.1 by default): reachable by a
 * scraper on the same host or network namespace, never through the load balancer, so no token is asked.
 */
export async function startMetricsServer(port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
