import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './auth.service.js';
import type { TwoFactorRequired } from './two-factor.service.js';
import { toSessionResponse } from './auth.schemas.js';
import { AccountLocked } from './login-lockout.js';

/** Puts the new credentials where the client reads them: the response headers. */
export function sendSession(reply: FastifyReply, issued: IssuedSession) {
  reply.header('X-Auth-Token', issued.token);
  if (issued.rememberMeToken) reply.header('X-Remember-Me-Token', issued.rememberMeToken);
  reply.header('cache-control', 'no-store');
  return toSessionResponse(issued);
}

/** A sign-in's answer: the session in headers and body, or (two-factor on) the challenge and no token. */
export function sendSignIn(reply: FastifyReply, result: IssuedSession | TwoFactorRequired) {
  if ('twoFactorRequired' in result) {
    reply.header('cache-control', 'no-store');
    return result;
  }
  return sendSession(reply, result);
}


/** For `.catch`: a locked sign-in answers 429 with Retry-After, whichever step found the lock. */
export const retryAfterOnLock = (reply: FastifyReply) => (err: unknown): never => {
  if (err instanceof AccountLocked) reply.header('retry-after', String(err.retryAfterSeconds));
  throw err;
};
