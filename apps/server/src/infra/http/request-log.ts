import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}
