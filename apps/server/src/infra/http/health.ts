import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Turns /health/ready to 503 (a graceful stop has begun); everything else is still served. */
    beginDrain(): void;
    readonly draining: boolean;
  }
}

export interface ReadinessChecks {
  database(): Promise<void>;
  /** Resolves when every migration this build knows is applied (a rolling upgrade may have applied newer ones too). */
  migrations(): Promise<void>;
  blobStore(): Promise<void>;
}

const HEALTH_HEADERS = { 'cache-control': 'no-store' } as const;

/**
 * `/health/live` (the process answers) and `/health/ready` (it can serve: database, migrations, blob store, and not
 * draining). Outside /api: no session, no rate limit, no OpenAPI entry; the answers say UP/DOWN/DRAINING and nothing
 * else, and a failed check is logged here for the operator instead.
 */
export function registerHealth(app: FastifyInstance, checks: ReadinessChecks): void {
  let draining = false;
  app.decorate('beginDrain', () => {
    if (!draining) app.log.info('draining: /health/ready answers 503 from now on');
    draining = true;
  });
  app.decorate('draining', {
    getter: () => draining,
  });

  // Probes arrive from every load balancer and orchestrator at once: they share one check in flight.
  let inflight: Promise<boolean> | null = null;
  const ready = () =>
    (inflight ??= (async () => {
      const failed: string[] = [];
      await Promise.all(
        (Object.keys(checks) as Array<keyof ReadinessChecks>).map((name) =>
          checks[name]().catch((err: unknown) => {
            failed.push(name);
            app.log.warn({ check: name, err }, 'readiness check failed');
          }),
        ),
      );
      return failed.length === 0;
    })().finally(() => (inflight = null)));

  const probe = { config: { public: true, rateLimit: false as const }, schema: { hide: true }, logLevel: 'warn' as const };
  app.get('/health/live', probe, async (_req, reply) => reply.headers(HEALTH_HEADERS).send({ status: 'UP' }));
  app.get('/health/ready', probe, async (_req, reply) => {
    reply.headers(HEALTH_HEADERS);
    if (draining) return reply.status(503).send({ status: 'DRAINING' });
    const ok = await ready();
    // Drain may have begun while the checks ran.
    if (draining) return reply.status(503).send({ status: 'DRAINING' });
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'UP' : 'DOWN' });
  });
}
