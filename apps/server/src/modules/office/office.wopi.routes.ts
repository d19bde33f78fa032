import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { publicOrigin } from '../../infra/http/public-origin.js';
import { rawBodies } from '../../infra/http/raw-body.js';
import { AppError } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import { Binary, ErrorResponse } from '../../shared/schemas.js';
import { LockConflict } from './office.errors.js';
import { CheckFileInfo, WopiFileResult, WopiHeaders, WopiParams, WopiQuery } from './office.schemas.js';
import { decodeUtf7 } from './office.utf7.js';
import type { WopiService } from './office.wopi.js';

const tags = ['office'];
const failures = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse, 501: ErrorResponse };
/** Saves are streamed to the blob store; this only keeps Fastify's own limit out of the way. */
const MAX_BODY = 2 * 1024 ** 3;

/** A lock conflict answers 409 with the current lock in X-WOPI-Lock (and a reason, and a free name for a taken one). */
async function wopi<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  reply.header('cache-control', 'no-store');
  try {
    return await run();
  } catch (err) {
    if (err instanceof LockConflict) {
      reply.header('x-wopi-lock', err.lock).header('x-wopi-lockfailurereason', err.reason);
      if (err.validTarget) reply.header('x-wopi-validrelativetarget', err.validTarget);
    }
    if (err instanceof AppError && err.status === 'INVALID_FILE_NAME') reply.header('x-wopi-invalidfilenameerror', err.message);
    throw err;
  }
}

/**
 * Metered per access token, not per IP: every user of a Collabora Online or ONLYOFFICE server calls from its address.
 * An editor saves, locks and refreshes a few times a minute; this leaves plenty of room.
 */
const wopiLimit = {
  max: 600,
  windowMs: 60_000,
  keyGenerator: (req: { ip: string; query: unknown }) => `wopi:${hashToken((req.query as { access_token?: string }).access_token ?? req.ip).slice(0, 32)}`,
};
const wopiConfig = { public: true, rateLimit: wopiLimit } as const;

const bodyOf = (body: unknown): Readable => (body instanceof Readable ? body : Readable.from([]));

/**
 * The WOPI host (Microsoft's published protocol) that Collabora Online, ONLYOFFICE or the embedded editor call. Public
 * routes: the access token in ?access_token= is the credential (scoped to one file and caller, expiring).
 */
export const wopiRoutes: FastifyPluginAsyncTypebox<{ wopi: WopiService; publicUrl: string | null }> = async (app, { wopi: service, publicUrl }) => {
  rawBodies(app);

  app.get(
    '/wopi/files/:id',
    {
      config: wopiConfig,
      schema: { operationId: 'wopiCheckFileInfo', summary: 'WOPI CheckFileInfo', tags, params: WopiParams, querystring: WopiQuery, response: { 200: CheckFileInfo, ...failures } },
    },
    async (req, reply) => wopi(reply, async () => service.checkFileInfo(await service.authorize(req.query.access_token, req.params.id, false))),
  );

  app.get(
    '/wopi/files/:id/contents',
    {
      exposeHeadRoute: false,
      config: wopiConfig,
      schema: {
        operationId: 'wopiGetFile',
        summary: 'WOPI GetFile',
        tags,
        params: WopiParams,
        querystring: WopiQuery,
        response: { 200: Binary('application/octet-stream', "The file's bytes."), ...failures },
      },
    },
    async (req, reply) =>
      wopi(reply, async () => {
        const file = await service.getFile(await service.authorize(req.query.access_token, req.params.id, false));
        reply.type('application/octet-stream').header('content-length', String(file.size)).header('x-wopi-itemversion', file.version);
        return reply.send(file.stream);
      }),
  );

  app.post(
    '/wopi/files/:id/contents',
    {
      bodyLimit: MAX_BODY,
      config: wopiConfig,
      schema: {
        operationId: 'wopiPutFile',
        summary: 'WOPI PutFile',
        description: 'X-WOPI-Override: PUT. The body is the whole new content; X-WOPI-Lock must hold the current lock (an unlocked file must be empty).',
        tags,
        params: WopiParams,
        querystring: WopiQuery,
        headers: WopiHeaders,
        binaryBody: { mediaTypes: ['application/octet-stream'], description: "The file's new bytes." },
        response: { 200: Type.Null(), ...failures },
      },
    },
    async (req, reply) =>
      wopi(reply, async () => {
        const body = bodyOf(req.body);
        // The token first: a caller without one learns nothing, not even which operations exist (401, never a 5xx).
        let ctx;
        try {
          ctx = await service.authorize(req.query.access_token, req.params.id, true);
        } catch (err) {
          body.resume();
          throw err;
        }
        if ((req.headers['x-wopi-override'] ?? '').toUpperCase() !== 'PUT') {
          body.resume();
          throw new AppError(501, 'NOT_IMPLEMENTED', 'Unsupported X-WOPI-Override.');
        }
        const { version } = await service.putFile(ctx, req.headers['x-wopi-lock'], body);
        reply.header('x-wopi-itemversion', version);
        return reply.status(200).send(null);
      }),
  );

  app.post(
    '/wopi/files/:id',
    {
      bodyLimit: MAX_BODY,
      config: wopiConfig,
      schema: {
        operationId: 'wopiFileOperation',
        summary: 'WOPI lock operations, PutRelativeFile and RenameFile',
        description: 'The operation is named by X-WOPI-Override: LOCK (with X-WOPI-OldLock: UnlockAndRelock), GET_LOCK, REFRESH_LOCK, UNLOCK, PUT_RELATIVE, RENAME_FILE.',
        tags,
        params: WopiParams,
        querystring: WopiQuery,
        headers: WopiHeaders,
        binaryBody: { mediaTypes: ['application/octet-stream'], description: 'PUT_RELATIVE only: the new file’s bytes.' },
        response: { 200: Type.Union([WopiFileResult, Type.Null()]), ...failures },
      },
    },
    async (req, reply) =>
      wopi(reply, async () => {
        const h = req.headers;
        const body = bodyOf(req.body);
        const op = (h['x-wopi-override'] ?? '').toUpperCase();
        if (op !== 'PUT_RELATIVE') body.resume();
        const write = op !== 'GET_LOCK';
        const ctx = await service.authorize(req.query.access_token, req.params.id, write);
        switch (op) {
          case 'LOCK':
            await service.lock(ctx, h['x-wopi-lock'], h['x-wopi-oldlock']);
            return reply.send(null);
          case 'GET_LOCK':
            reply.header('x-wopi-lock', await service.getLock(ctx));
            return reply.send(null);
          case 'REFRESH_LOCK':
            await service.refreshLock(ctx, h['x-wopi-lock']);
            return reply.send(null);
          case 'UNLOCK':
            await service.unlock(ctx, h['x-wopi-lock']);
            return reply.send(null);
          case 'PUT_RELATIVE': {
            const suggested = h['x-wopi-suggestedtarget'];
            const relative = h['x-wopi-relativetarget'];
            const base = `${publicOrigin(publicUrl, req)}/api/wopi/files`;
            return reply.send(
              await service.putRelative(
                ctx,
                {
                  suggested: suggested === undefined ? undefined : decodeUtf7(suggested),
                  relative: relative === undefined ? undefined : decodeUtf7(relative),
                  overwrite: (h['x-wopi-overwriterelativetarget'] ?? '').toLowerCase() === 'true',
                },
                body,
                base,
              ),
            );
          }
          case 'RENAME_FILE':
            return reply.send(await service.rename(ctx, h['x-wopi-lock'], decodeUtf7(h['x-wopi-requestedname'] ?? '')));
          default:
            throw new AppError(501, 'NOT_IMPLEMENTED', 'Unsupported X-WOPI-Override.');
        }
      }),
  );
};
