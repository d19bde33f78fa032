import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { TooManyRequests } from '../../shared/errors.js';
import { databaseRateLimitStore } from './request-limit-store.js';

/** A route's own budget (sign-in, sign-up): counted apart from the global budget, which it replaces on that route. */
export interface RouteRateLimit {
  max: number;
  windowMs: number;
  keyGenerator?: (req: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own budget, or `false` for a route that is never limited (health checks). */
    rateLimit?: RouteRateLimit | false;
  }
}

type Store = InstanceType<ReturnType<typeof databaseRateLimitStore>>;
type LimitHook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Signed-in callers are limited per account (operators per operator), anonymous ones per IP. */
const callerKey = (req: FastifyRequest) =>
  req.auth ? `acct:${req.auth.accountId}` : req.operator ? `op:${req.operator.operatorId}` : `ip:${req.ip}`;

/**
 * Meters every API request against a per-minute budget counted in the database (see request-limit-store.ts), as a
 * preHandler of each route, so it runs after authentication. A callback hook: a hit the local count decides costs no
 * promise (issue 18). Refused callers get 429 in the error shape with `retry-after`; no counters on other answers.
 * The web app's own files and signed-URL media are not API calls a client could abuse cheaply, so they get no hook.
 */
export function requestLimiter(
  app: FastifyInstance,
  opts: { db: Kysely<DB>; dialect: Dialect; max: number; windowMs: number },
): void {
  const DatabaseStore = databaseRateLimitStore(opts.db, opts.dialect);
  const global = new DatabaseStore({ timeWindow: opts.windowMs });
  const globalHook = limitHook(global, opts.max, opts.windowMs, callerKey);
  const hooks = new WeakSet<LimitHook>([globalHook]);

  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.config?.rateLimit;
    if (own === false || !route.url.startsWith('/api/') || route.config?.signedUrl === true) return;
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    // Fastify's HEAD twin of a GET route copies the GET's hooks: its requests count against the GET's budget once.
    if (existing.some((h) => hooks.has(h as LimitHook))) return;
    let hook = globalHook;
    if (own) {
      const store = global.child({ timeWindow: own.windowMs, routeInfo: { method: route.method, url: route.url } });
      hook = limitHook(store, own.max, own.windowMs, own.keyGenerator ?? callerKey);
      hooks.add(hook);
    }
    route.preHandler = [...existing, hook] as RouteOptions['preHandler'];
  });
}

function limitHook(store: Store, max: number, windowMs: number, keyOf: (req: FastifyRequest) => string): LimitHook {
  return (req, reply, done) => {
    store.incr(
      keyOf(req),
      (err, res) => {
        if (err) return done(err);
        if (res!.current <= max) return done();
        reply.header('retry-after', Math.ceil(res!.ttl / 1000));
        done(TooManyRequests());
      },
      windowMs,
      max,
    );
  };
}
