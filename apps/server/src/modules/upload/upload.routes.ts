import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AuthContext } from '../../shared/auth-context.js';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { FileItem } from '../files/files.public.js';
import { BaseUrl, HeldContent, HeldContentQuery, KnownFile, KnownPiece, KnownPieces, KnownUploadHeaders, MAX_KNOWN_PIECES, UploadHeaders, UploadParams, UploadProgress } from './upload.schemas.js';
import { OffsetConflict } from './upload.errors.js';
import type { PutOutcome, UploadService } from './upload.service.js';
import { publicOrigin } from '../../infra/http/public-origin.js';
import { rawBodies } from '../../infra/http/raw-body.js';

/** Bodies are streamed to the blob store, never buffered; this only keeps Fastify's own limit out of the way. */
const MAX_UPLOAD_BYTES = 50 * 1024 ** 3;

const failures = { ...errorResponses, 403: ErrorResponse, 409: ErrorResponse, 411: ErrorResponse, 413: ErrorResponse };

/** The upload URL itself, in its own context: every body arrives as the raw stream, whatever its Content-Type. */
const uploadUrlRoutes: FastifyPluginAsyncTypebox<{ uploads: UploadService }> = async (raw, { uploads }) => {
  rawBodies(raw);

  raw.put(
    '/upload/:uuid',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      // The uuid is the new file's: unknown or the caller's own (resuming) is fine, someone else's answers 404.
      config: {
        access: {
          permission: 'upload.write',
          ids: [
            { in: 'params', path: 'uuid', claim: true },
            { in: 'headers', path: 'x-object-meta-parent-uuid', permission: 'file.write', folder: true },
          ],
        },
      },
      schema: {
        operationId: 'uploadFile',
        summary: 'Upload a file, whole or in pieces',
        description:
          'The body is the file\'s bytes (or one piece of them) under a uuid the client chooses. Name and folder go in ' +
          'X-Object-Meta-File-Name (percent-encoded) and X-Object-Meta-Parent-Uuid. A whole file answers 201 with the new ' +
          'item; a piece (Content-Range: bytes start-end/total) answers 202 with the bytes received so far, and HEAD on ' +
          'the same URL tells where to resume (Upload-Offset).',
        tags: ['upload'],
        params: UploadParams,
        headers: UploadHeaders,
        binaryBody: { mediaTypes: ['application/octet-stream'], description: "The file's bytes, or one piece of them." },
        response: { 201: FileItem, 202: UploadProgress, ...failures },
      },
    },
    async (req, reply) => {
      const body = req.body instanceof Readable ? req.body : Readable.from([]);
      return answer(reply, () => uploads.put(req.auth!, { uuid: req.params.uuid, headers: req.headers, body, receivedAt: performance.now() - reply.elapsedTime }));
    },
  );

  raw.head(
    '/upload/:uuid',
    {
      config: { access: { permission: 'upload.read', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: { operationId: 'getUploadOffset', summary: 'Ask where to resume an upload', tags: ['upload'], params: UploadParams },
    },
    async (req, reply) => {
      const { offset, length, completing } = await uploads.status(req.auth!, req.params.uuid);
      reply.header('upload-offset', String(offset)).header('upload-length', String(length)).header('cache-control', 'no-store');
      // Every byte is here but the file is not committed yet: 202 and ask again, never "complete" before it is.
      if (completing) return reply.status(202).header('retry-after', '1').send();
      return reply.status(200).send();
    },
  );

  raw.delete(
    '/upload/:uuid',
    {
      config: { access: { permission: 'upload.write', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: { operationId: 'cancelUpload', summary: 'Cancel an upload', tags: ['upload'], params: UploadParams, response: { 204: Type.Null(), ...failures } },
    },
    async (req, reply) => {
      await uploads.cancel(req.auth!, req.params.uuid);
      return reply.status(204).send(null);
    },
  );
};

export const uploadRoutes: FastifyPluginAsyncTypebox<{ uploads: UploadService; publicUrl: string | null }> = async (
  app,
  { uploads, publicUrl },
) => {
  app.post(
    '/container/baseUrl',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getUploadBaseUrl', summary: 'Get the upload base URL', tags: ['upload'], response: { 200: BaseUrl, ...errorResponses } },
    },
    async (req) => ({ value: `${publicOrigin(publicUrl, req)}/api/upload` }),
  );

  await app.register(uploadUrlRoutes, { uploads });
  await app.register(knownContentRoutes, { uploads });
};

/** The same access as the PUT: the uuid is the new file's, the folder must be writable. */
const uploadAccess = {
  permission: 'upload.write',
  ids: [
    { in: 'params', path: 'uuid', claim: true },
    { in: 'headers', path: 'x-object-meta-parent-uuid', permission: 'file.write', folder: true },
  ],
} as const;

/**
 * Issue 35: a client that hashed a file first asks what its own account holds, and sends only the rest. Additions to
 * the upload calls above, which work unchanged for clients that never ask.
 */
const knownContentRoutes: FastifyPluginAsyncTypebox<{ uploads: UploadService }> = async (app, { uploads }) => {
  app.post(
    '/upload/held',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'getHeldContent',
        summary: 'Ask which bytes of a file the account already holds',
        description:
          "Whether the caller's own account holds a file with this SHA-256 and size, and which of its 8 MiB pieces " +
          "(by SHA-256) it holds in files it still has. Never answers about any other account's files.",
        tags: ['upload'],
        body: HeldContentQuery,
        response: { 200: HeldContent, ...errorResponses },
      },
    },
    async (req) => uploads.held(req.auth!, req.body),
  );

  app.post(
    '/upload/:uuid/known',
    {
      config: { access: uploadAccess },
      schema: {
        operationId: 'uploadKnownFile',
        summary: 'Upload a file the account already holds, without its bytes',
        description:
          'Completes the upload at once as a new file naming the same stored bytes (charged to the quota in full). ' +
          'Name and folder as for uploadFile. 409 CONTENT_NOT_HELD: send the bytes with uploadFile instead.',
        tags: ['upload'],
        params: UploadParams,
        headers: KnownUploadHeaders,
        body: KnownFile,
        response: { 201: FileItem, ...failures },
      },
    },
    async (req, reply) => {
      const headers = { ...req.headers, 'content-type': req.body.contentType };
      const item = await uploads.putKnownFile(req.auth!, {
        uuid: req.params.uuid,
        headers,
        bytes: req.body.bytes,
        sha256: req.body.sha256,
        receivedAt: performance.now() - reply.elapsedTime,
      });
      return reply.header('cache-control', 'no-store').status(201).send(item);
    },
  );

  /** Both stand-in calls: the same access, headers and answers as the piece's PUT. */
  const standIn = { tags: ['upload'], params: UploadParams, headers: KnownUploadHeaders, response: { 201: FileItem, 202: UploadProgress, ...failures } };
  const putKnownPieces = (
    req: { auth: AuthContext | null; params: { uuid: string }; headers: Static<typeof KnownUploadHeaders> },
    reply: FastifyReply,
    { total, pieces, contentType }: Static<typeof KnownPieces>,
  ) =>
    answer(reply, () =>
      uploads.putKnownPieces(req.auth!, {
        uuid: req.params.uuid,
        headers: { ...req.headers, 'content-type': contentType },
        total,
        pieces,
        receivedAt: performance.now() - reply.elapsedTime,
      }),
    );

  app.post(
    '/upload/:uuid/known-pieces',
    {
      config: { access: uploadAccess },
      schema: {
        ...standIn,
        operationId: 'uploadKnownPieces',
        summary: 'Stand in for a run of pieces the account already holds',
        description:
          'The next pieces of a resumable upload, taken from bytes the account holds with these SHA-256s instead of being ' +
          `sent: 1 to ${MAX_KNOWN_PIECES} consecutive pieces from the upload's offset (each starts right after the one before), ` +
          'taken in one step. Answers like uploadFile (202 with the bytes so far, 201 with the item after the last piece). ' +
          '409 PIECE_NOT_HELD: the account does not hold the piece starting at the Upload-Offset header; the pieces ' +
          'before it are taken (the upload now stands at that offset): send that piece with uploadFile, then go on ' +
          '(Upload-Offset 0 after the last piece: a piece stood in for was released meanwhile and the upload starts over). ' +
          '400 INVALID_CONTENT_RANGE (pieces out of order, overlapping or with gaps) or VALIDATION_ERROR changes nothing.',
        body: KnownPieces,
      },
    },
    async (req, reply) => putKnownPieces(req, reply, req.body),
  );

  app.post(
    '/upload/:uuid/known-piece',
    {
      config: { access: uploadAccess },
      schema: {
        ...standIn,
        operationId: 'uploadKnownPiece',
        summary: 'Stand in for one piece the account already holds',
        description:
          'uploadKnownPieces with one piece (kept for clients that send them one by one). 409 PIECE_NOT_HELD: send this ' +
          'piece with uploadFile.',
        body: KnownPiece,
      },
    },
    async (req, reply) => {
      const { start, end, sha256, ...rest } = req.body;
      return putKnownPieces(req, reply, { ...rest, pieces: [{ start, end, sha256 }] });
    },
  );
};

/**
 * The answer of a piece (sent or stood in for): 201 with the item after the last one, else 202 with the bytes so far;
 * a 409 that says where the upload stands carries that offset in the Upload-Offset header, as the contract says.
 */
async function answer(reply: FastifyReply, run: () => Promise<PutOutcome>) {
  let outcome: PutOutcome;
  try {
    outcome = await run();
  } catch (err) {
    if (err instanceof OffsetConflict) reply.header('upload-offset', String(err.offset));
    throw err;
  }
  reply.header('cache-control', 'no-store');
  if (outcome.done) return reply.status(201).send(outcome.item);
  reply.header('upload-offset', String(outcome.progress.receivedBytes));
  return reply.status(202).send(outcome.progress);
}
