import { randomBytes } from 'node:crypto';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggableUrl } from './log-redaction.js';

/** A request slower than this is worth an operator's attention at the default log level. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify logs two info lines for every request; on a small authenticated GET that cost more than the request's own
 * work (issue 18). Routine lines move to debug; slow requests are a warning and failures keep their levels, so `info`
 * still shows everything that needs a look.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    if (error) reply.log.error({ res: reply, err: error, responseTime }, 'request errored');
    else if (responseTime >= SLOW_REQUEST_MS) reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    else reply.log.debug({ res: reply, responseTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.raw.method}:${loggableUrl(request.raw.url ?? '')} not found`);
  }
}

/**
 * Request ids unique across instances without a random UUID per request (issue 18): a random prefix per process and
 * a counter, kept a small integer; the prefix is drawn anew when the counter wraps.
 */
export function requestIds(): () => string {
  let prefix = randomBytes(9).toString('base64url');
  let next = 0;
  return () => {
    if (next === 0x7fffffff) {
      prefix = randomBytes(9).toString('base64url');
      next = 0;
    }
    return `${prefix}-${(++next).toString(36)}`;
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LevelCheck = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type Level = 'info' | 'error' | 'debug' | 'fatal' | 'warn' | 'trace';

/**
 * A request's logger that becomes pino's child (with the request id) only when a line is written at an enabled level:
 * at the default level most requests log nothing, and a child per request was a measurable share of a small GET.
 */
class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | null = null;
  constructor(
    private readonly parent: LevelCheck,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }
  private write(level: Level, args: unknown[]): void {
    if (this.real || this.parent.isLevelEnabled!(level)) (this.logger[level] as (...a: unknown[]) => void)(...args);
  }
  get level(): string {
    return (this.real ?? this.parent).level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a lazy child unless the route sets its own level (then pino's own, at once). */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as LevelCheck;
  if (options.level || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyChildLogger(parent, bindings, options);
}
