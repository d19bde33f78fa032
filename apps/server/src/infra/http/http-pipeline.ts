import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../shared/auth-context.js';
import { isConsoleUrl, type OperatorContext } from '../../shared/operator-context.js';
import { AppError, NotFound, Unauthorized } from '../../shared/errors.js';
import { clientErrorBody, inputGuard } from '../../shared/input/input.js';
import { ErrorResponse } from '../../shared/schemas.js';
import type { DB } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { requestLimiter } from '../rate-limit/request-limiter.js';
import { metrics } from '../metrics/metrics.js';
import { jsonCompressor } from './compression.js';
import { setSecurityHeaders } from './security-headers.js';
import { registerApiDocs } from './api-docs.js';

export interface HttpPipelineOptions {
  /** The session behind an X-Auth-Token, or null when it expired or never existed. */
  authenticate(token: string): Promise<AuthContext | null>;
  /** The operator session behind an X-Auth-Token on a console route (/api/ops/*), or null; `ip` is the caller's. */
  authenticateOperator(token: string, ip: string): Promise<OperatorContext | null>;
  db: Kysely<DB>;
  dialect: Dialect;
  rateLimitPerMinute: number;
  /** The pages' security headers, when they differ from the default (another origin the app frames). */
  pageHeaders?: Readonly<Record<string, string>>;
}

/** The cross-cutting steps every request goes through: headers, session, rate limit, errors, input guard, API docs. */
export async function registerHttpPipeline(app: FastifyInstance, o: HttpPipelineOptions): Promise<void> {
  // While closing, answers to in-flight requests also close their connection, so keep-alive sockets
  // do not hold the shutdown open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // One onSend hook for the app's own steps (each hook is a step of Fastify's chain on every answer, issue 18).
  const compress = jsonCompressor();
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
    compress(req, reply, payload, done);
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);
  // Security headers, then the session. A callback hook: public routes and refusals pass without a promise, and a
  // session lookup costs one.
  app.addHook('onRequest', (req, reply, done) => {
    setSecurityHeaders(req, reply, o.pageHeaders);
    // The matched route, not the raw URL: a percent-encoded path (/%61pi/…) reaches the same handler.
    const url = req.routeOptions.url ?? req.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return done();
    if (req.routeOptions.config?.public) return done();
    const token = req.headers['x-auth-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return done(Unauthorized());
    if (isConsoleUrl(url)) {
      o.authenticateOperator(token, req.ip).then(async (operator) => {
        if (operator) {
          req.operator = operator;
          return done();
        }
        // A subscriber's session does not learn that the console exists.
        if (await o.authenticate(token)) return done(NotFound());
        done(Unauthorized('Session expired or invalid.', 'UNAUTHORIZED'));
      }, done);
      return;
    }
    o.authenticate(token).then((ctx) => {
      if (!ctx) return done(Unauthorized('Session expired or invalid.', 'UNAUTHORIZED'));
      req.auth = ctx;
      done();
    }, done);
  });
  // Counted in the database, so all instances together allow the limit, not each of them.
  requestLimiter(app, { db: o.db, dialect: o.dialect, max: o.rateLimitPerMinute, windowMs: 60_000 });
  app.setErrorHandler(errorHandler);
  // Per route pattern, never the raw URL: ids and tokens in paths would make a series per request (and leak).
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpAnswered(req.method, req.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // A callback hook: the guard is synchronous, and most requests should not pay for a promise.
  app.addHook('preHandler', (req, _reply, done) => {
    try {
      inputGuard(req);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });

  await registerApiDocs(app);
  app.addSchema(ErrorResponse);
}

/** The route label of requests no route matched (404s of unknown paths): one series, whatever was asked for. */
export const UNMATCHED = '(unmatched)';

function errorHandler(this: FastifyInstance, err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // Every failure names its request, so a user's report and the server's log lines meet (issue 28).
  const requestId = req.id;
  if (err instanceof AppError) {
    if (err.httpStatus === 429) metrics.rateLimited(req.routeOptions.url ?? UNMATCHED);
    return reply.status(err.httpStatus).send({ status: err.status, message: err.message, field: err.field, requestId });
  }
  if (err.validation) {
    const first = err.validation[0];
    const missing = first?.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
    const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || missing;
    const where = err.validationContext ?? 'request';
    const detail = missing && !first?.instancePath ? 'is required' : (first?.message ?? 'is invalid');
    const message = `${where}${field ? `.${field}` : ''} ${detail}`;
    return reply.status(400).send({ status: 'VALIDATION_ERROR', message, field: field || where, requestId });
  }
  const status = err.statusCode ?? 500;
  if (status < 500) {
    const { httpStatus, body } = clientErrorBody(err);
    if (httpStatus === 429) metrics.rateLimited(req.routeOptions.url ?? UNMATCHED);
    return reply.status(httpStatus).send({ ...body, requestId });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ status: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.', requestId });
}
