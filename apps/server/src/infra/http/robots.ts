import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/**
 * /robots.txt: the crawl rules in `file` (config ROBOTS_TXT_FILE, by default apps/server/assets/robots.txt), read on
 * every request so an operator's edit applies without a restart. Without the file there are no rules: 404, which
 * crawlers read as "allowed".
 */
export function registerRobots(app: FastifyInstance, file: string): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    const rules = await fs.readFile(file).catch(() => null);
    if (!rules) return reply.callNotFound();
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(rules);
  });
}
