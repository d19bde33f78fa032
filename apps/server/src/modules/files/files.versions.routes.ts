import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Binary, ErrorResponse, errorResponses, UuidSchema } from '../../shared/schemas.js';
import { FileItem } from './files.schemas.js';
import { FileVersionList, VersionParams, VersionsDeleted } from './files.versions.schemas.js';
import type { FileVersionsService } from './files.versions.service.js';

const tags = ['files'];
const writeErrors = { ...errorResponses, 403: ErrorResponse };
// Versions are the owner's and share editors' (as in Google Drive): file.write, so a viewer is answered like a stranger.
const onFile = { permission: 'file.write', ids: [{ in: 'params', path: 'uuid' }] } as const;
const onVersion = {
  ...onFile,
  notIds: [{ in: 'params', path: 'versionId', why: 'a version is found only under the file named by uuid, which is checked' }],
} as const;

/** A file's version history (issue 33). */
export const fileVersionsRoutes: FastifyPluginAsyncTypebox<{ versions: FileVersionsService }> = async (app, { versions }) => {
  app.get(
    '/filesystem/item/:uuid/versions',
    {
      config: { access: onFile },
      schema: {
        operationId: 'listFileVersions',
        summary: "List a file's versions",
        description: 'Earlier contents of a file, newest first, with who saved each and the bytes they take of the quota.',
        tags,
        params: Type.Object({ uuid: UuidSchema }),
        response: { 200: FileVersionList, ...errorResponses },
      },
    },
    async (req) => versions.list(req.auth!, req.params.uuid),
  );

  app.get(
    '/filesystem/item/:uuid/versions/:versionId',
    {
      exposeHeadRoute: false,
      config: { access: onVersion },
      schema: {
        operationId: 'downloadFileVersion',
        summary: 'Download a version of a file',
        tags,
        params: VersionParams,
        response: { 200: Binary('application/octet-stream', "The version's bytes, as an attachment under the file's name."), ...errorResponses },
      },
    },
    async (req, reply) => {
      const v = await versions.open(req.auth!, req.params.uuid, req.params.versionId);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(v.bytes))
        .header('content-disposition', attachment(v.name))
        .header('x-content-type-options', 'nosniff')
        .send(v.stream);
    },
  );

  app.post(
    '/filesystem/item/:uuid/versions/:versionId/restore',
    {
      config: { access: onVersion },
      schema: {
        operationId: 'restoreFileVersion',
        summary: 'Restore a version of a file',
        description: "The version becomes the file's content; the content it replaces is kept as a new version.",
        tags,
        params: VersionParams,
        response: { 200: FileItem, ...writeErrors },
      },
    },
    async (req) => versions.restore(req.auth!, req.params.uuid, req.params.versionId),
  );

  app.delete(
    '/filesystem/item/:uuid/versions/:versionId',
    {
      config: { access: onVersion },
      schema: {
        operationId: 'deleteFileVersion',
        summary: 'Delete a version of a file',
        tags,
        params: VersionParams,
        response: { 200: VersionsDeleted, ...errorResponses },
      },
    },
    async (req) => versions.remove(req.auth!, req.params.uuid, req.params.versionId),
  );

  app.delete(
    '/filesystem/item/:uuid/versions',
    {
      config: { access: onFile },
      schema: {
        operationId: 'deleteFileVersions',
        summary: "Delete all of a file's versions",
        tags,
        params: Type.Object({ uuid: UuidSchema }),
        response: { 200: VersionsDeleted, ...errorResponses },
      },
    },
    async (req) => versions.removeAll(req.auth!, req.params.uuid),
  );
};

/** The file's name as an attachment: an ASCII fallback and the exact name in RFC 5987 `filename*`. */
function attachment(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ı/g, 'i').replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
