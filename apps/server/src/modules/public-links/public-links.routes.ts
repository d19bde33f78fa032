import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { readerLanguage } from '../../shared/reader-language.js';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import {
  CreatePublicShareBody,
  DeletePublicSharesBody,
  PublicShare,
  PublicShareList,
  PublicShareListQuery,
  SaveShared,
  SaveSharedBody,
  SharedCount,
  SharedCountQuery,
  SharedDownload,
  SharedDownloadBody,
  SharedFiles,
  SharedFilesQuery,
  SharedList,
  Unlock,
  UnlockBody,
  UpdateExpirationBody,
  UpdatePasswordBody,
  UpdateShowNameBody,
  VisitorHeaders,
} from './public-links.schemas.js';
import type { PublicLinksService } from './public-links.service.js';

const tags = ['share-link'];
const ownerErrors = { ...errorResponses, 403: ErrorResponse };
const visitorErrors = { ...errorResponses, 403: ErrorResponse };

export interface PublicLinksLimits {
  /** Visitor calls per IP and minute (link look-ups). */
  lookupsPerMinute: number;
  /** Password attempts per IP and minute. */
  unlocksPerMinute: number;
}

/** What a link reaches is the visitor's only view of our origin: no referrer may carry the token away, nothing sniffed. */
/** The visitor's language (X-Client-Language, sent by the web on every call): a place link names the place in it. */
const languageOf = (headers: object) => readerLanguage((headers as Record<string, string | string[] | undefined>)['x-client-language']);

const visitorHeaders = (reply: FastifyReply) =>
  reply.header('referrer-policy', 'no-referrer').header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');

export const publicLinksRoutes: FastifyPluginAsyncTypebox<{ links: PublicLinksService; limits: PublicLinksLimits }> = async (
  app,
  { links, limits },
) => {
  // --- the owner's links
  app.post(
    '/v2/share/public',
    {
      config: {
        access: {
          permission: 'self',
          // Files need file.share, an album album.read, a person person.read, a place place.read: which one depends on
          // isAlbum and contentType, so the service asks the policy.
          notIds: [
            {
              in: 'body',
              path: 'fileUuidList',
              why: 'checked by the service through the access policy (file.share, album.read, person.read or place.read by isAlbum and contentType)',
            },
          ],
        },
      },
      schema: {
        operationId: 'createPublicShare',
        summary: 'Create a public link',
        description:
          'A link to files and folders (or one album, isAlbum) that anyone holding it can open at the url it answers ' +
          '(/sharedFiles?token=…), optionally with a password and an expiry date. With isAlbum and contentType ' +
          'album/person or album/location it is a live link to that person\'s or place\'s photos, read at each visit ' +
          '(/sharedAlbum?token=…); showName false keeps the name from the visitor. The visitor calls under ' +
          '/api/share/visitor send the token as X-Share-Token and need no session.',
        tags,
        body: CreatePublicShareBody,
        response: { 200: PublicShare, ...ownerErrors },
      },
    },
    async (req) => links.create(req.auth!, req.body),
  );

  app.get(
    '/share/public',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listPublicShares', summary: 'List public links', tags, querystring: PublicShareListQuery, response: { 200: PublicShareList, ...errorResponses } },
    },
    async (req) => links.list(req.auth!, req.query),
  );

  app.post(
    '/share/public/updateExpirationDate',
    {
      config: { access: { permission: 'link.write', ids: [{ in: 'body', path: 'uuid' }] } },
      schema: { operationId: 'updatePublicShareExpiration', summary: "Set a public link's expiry date", tags, body: UpdateExpirationBody, response: { 200: PublicShare, ...ownerErrors } },
    },
    async (req) => links.updateExpiration(req.auth!, req.body.uuid, req.body.expirationDate),
  );

  app.post(
    '/share/public/password',
    {
      config: { access: { permission: 'link.write', ids: [{ in: 'body', path: 'uuid' }] } },
      schema: { operationId: 'updatePublicSharePassword', summary: "Set a public link's password", tags, body: UpdatePasswordBody, response: { 200: PublicShare, ...ownerErrors } },
    },
    async (req) => links.updatePassword(req.auth!, req.body.uuid, req.body.password),
  );

  app.post(
    '/share/public/showName',
    {
      config: { access: { permission: 'link.write', ids: [{ in: 'body', path: 'uuid' }] } },
      schema: {
        operationId: 'updatePublicShareShowName',
        summary: "Show or hide a public link's name from its visitors",
        tags,
        body: UpdateShowNameBody,
        response: { 200: PublicShare, ...ownerErrors },
      },
    },
    async (req) => links.updateShowName(req.auth!, req.body.uuid, req.body.showName),
  );

  app.delete(
    '/share/public',
    {
      config: { access: { permission: 'link.write', ids: [{ in: 'body', path: 'uuids', skipDenied: true }] } },
      schema: { operationId: 'deletePublicShares', summary: 'Delete public links', tags, body: DeletePublicSharesBody, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (req, reply) => {
      await links.remove(req.auth!, req.body.uuids);
      return reply.status(204).send(null);
    },
  );

  // --- the visitor's calls: public, the link token is the credential, metered per IP
  const lookup = { max: limits.lookupsPerMinute, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `share:${req.ip}` };
  const visitor = { public: true, rateLimit: lookup } as const;

  app.get(
    '/share/visitor',
    {
      config: visitor,
      schema: { operationId: 'getSharedList', summary: "List a public link's items", tags, headers: VisitorHeaders, response: { 200: SharedList, ...visitorErrors } },
    },
    async (req, reply) => {
      visitorHeaders(reply);
      return links.describe(await links.open(req.headers, languageOf(req.headers)));
    },
  );

  app.post(
    '/share/visitor/unlock',
    {
      config: {
        public: true,
        rateLimit: { max: limits.unlocksPerMinute, windowMs: 60_000, keyGenerator: (req: { ip: string }) => `share-unlock:${req.ip}` },
      },
      schema: {
        operationId: 'unlockSharedLink',
        summary: 'Unlock a password-protected public link',
        tags,
        headers: Type.Pick(VisitorHeaders, ['x-share-token']),
        body: UnlockBody,
        response: { 200: Unlock, ...visitorErrors },
      },
    },
    async (req, reply) => {
      visitorHeaders(reply);
      return links.unlock(req.headers['x-share-token'], req.body.password);
    },
  );

  app.get(
    '/share/visitor/count',
    {
      config: visitor,
      schema: { operationId: 'getSharedCount', summary: "Count a public link's items", tags, headers: VisitorHeaders, querystring: SharedCountQuery, response: { 200: SharedCount, ...visitorErrors } },
    },
    async (req, reply) => {
      visitorHeaders(reply);
      return links.count(await links.open(req.headers), req.query.parentFolderUuid);
    },
  );

  app.get(
    '/share/visitor/files',
    {
      config: visitor,
      schema: { operationId: 'getSharedFiles', summary: 'List a folder inside a public link', tags, headers: VisitorHeaders, querystring: SharedFilesQuery, response: { 200: SharedFiles, ...visitorErrors } },
    },
    async (req, reply) => {
      visitorHeaders(reply);
      return links.files(await links.open(req.headers), req.query);
    },
  );

  app.post(
    '/share/visitor/download',
    {
      config: visitor,
      schema: {
        operationId: 'downloadSharedFiles',
        summary: "Get download URLs for a public link's items",
        tags,
        headers: VisitorHeaders,
        body: SharedDownloadBody,
        response: { 200: SharedDownload, ...visitorErrors, 413: ErrorResponse },
      },
    },
    async (req, reply) => {
      visitorHeaders(reply);
      return links.download(await links.open(req.headers, languageOf(req.headers)), req.body.uuids ?? []);
    },
  );

  // Signed in as well: the copies land in the caller's own storage.
  app.post(
    '/share/visitor/save',
    {
      config: {
        rateLimit: lookup,
        access: {
          permission: 'file.write',
          ids: [{ in: 'body', path: 'targetFolderUuid', folder: true }],
          notIds: [{ in: 'body', path: 'uuids', why: "the link's items, granted to the holder of X-Share-Token by the link grant" }],
        },
      },
      schema: {
        operationId: 'saveSharedFiles',
        summary: "Save a public link's items to my files",
        tags,
        headers: VisitorHeaders,
        body: SaveSharedBody,
        response: { 200: SaveShared, ...visitorErrors, 413: ErrorResponse },
      },
    },
    async (req, reply) => {
      visitorHeaders(reply);
      return links.save(req.auth!, await links.open(req.headers), req.body);
    },
  );
};
