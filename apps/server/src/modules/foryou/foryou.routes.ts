import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readerLanguage } from '../../shared/reader-language.js';
import { Binary, errorResponses, ErrorResponse, TokenParams } from '../../shared/schemas.js';
import type { ForyouItems, Shelf } from './foryou.items.js';
import { ForyouItemDetail, ForyouItemList, ForyouPage, ItemParams, SaveResult, YearsAgoDetail, YearsAgoList } from './foryou.schemas.js';
import type { ForyouService } from './foryou.service.js';
import type { StyledPhotos } from './foryou.styled.js';
import { styledRoutes } from './foryou.styled.routes.js';
import type { ForyouKind } from './foryou.table.js';

const tags = ['foryou'];
/** Titles name their place in the reader's language (X-Client-Language). */
const lang = (headers: Record<string, string | string[] | undefined>) => readerLanguage(headers['x-client-language']);
/** A result's bytes: a JPEG still, a GIF or an MP4 (the item says which). */
const Media = Binary('application/octet-stream', 'The result: image/jpeg, image/gif or video/mp4 as the item says; ranges allowed.');
const SaveBody = Type.Object({
  /** The new file's name for kinds saved as a file (the web sends it in the user's language). */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  folderUuid: Type.Optional(Type.String({ format: 'uuid' })),
});

export const foryouRoutes: FastifyPluginAsyncTypebox<{ foryou: ForyouService; items: ForyouItems; styled: StyledPhotos }> = async (
  app,
  { foryou, items, styled },
) => {
  app.get(
    '/foryou/years-ago',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listYearsAgo', summary: 'List years-ago memories', tags, response: { 200: YearsAgoList, ...errorResponses } },
    },
    async (req) => foryou.listYearsAgo(req.auth!),
  );
  app.get(
    '/foryou/years-ago/:id',
    {
      config: { access: { permission: 'foryou.read', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'getYearsAgo', summary: 'Get a years-ago memory', tags, params: ItemParams, response: { 200: YearsAgoDetail, ...errorResponses } },
    },
    async (req) => foryou.getYearsAgo(req.auth!, req.params.id),
  );

  // Lists per kind (spec 001 §7): `/<kind>` what the user kept, `/<kind>/generated` what is offered now.
  const list = (path: string, operationId: string, summary: string, kinds: ForyouKind[], shelf: Shelf) =>
    app.get(
      path,
      {
        config: { access: { permission: 'self' } },
        schema: { operationId, summary, tags, querystring: ForyouPage, response: { 200: ForyouItemList, ...errorResponses } },
      },
      async (req) => items.list(req.auth!, kinds, shelf, req.query.page ?? 0, req.query.size ?? 20, lang(req.headers)),
    );
  list('/foryou/collages', 'listSavedCollages', 'List saved collages', ['COLLAGE'], 'saved');
  list('/foryou/collages/generated', 'listCollages', 'List generated collages', ['COLLAGE'], 'offered');
  list('/foryou/animations', 'listSavedAnimations', 'List saved animations', ['ANIMATION'], 'saved');
  list('/foryou/animations/generated', 'listAnimations', 'List generated animations', ['ANIMATION'], 'offered');
  list('/foryou/albums', 'listSavedForyouAlbums', 'List saved generated albums', ['ALBUM'], 'saved');
  list('/foryou/albums/generated', 'listForyouAlbums', 'List generated albums', ['ALBUM'], 'offered');
  list('/foryou/timeline/themed', 'listStories', 'List generated stories', ['STORY'], 'offered');
  list('/foryou/aiphotos/generated', 'listStyledPhotos', 'List styled photos', ['STYLED'], 'offered');
  // Beyond the spec: memory videos, and the stories the user kept.
  list('/foryou/videos/generated', 'listMemoryVideos', 'List memory videos', ['VIDEO'], 'offered');
  list('/foryou/timeline', 'listSavedStories', 'List saved stories', ['STORY'], 'saved');

  // A story (spec: GET, POST keeps it, DELETE dismisses it).
  const story: ForyouKind[] = ['STORY'];
  app.get(
    '/foryou/timeline/:id',
    {
      config: { access: { permission: 'foryou.read', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'getStory', summary: 'Get a story', tags, params: ItemParams, response: { 200: ForyouItemDetail, ...errorResponses } },
    },
    async (req) => items.detail(req.auth!, req.params.id, story, lang(req.headers)),
  );
  app.post(
    '/foryou/timeline/:id',
    {
      config: { access: { permission: 'foryou.write', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'saveStory', summary: 'Save a story', tags, params: ItemParams, response: { 200: SaveResult, ...errorResponses } },
    },
    async (req) => items.save(req.auth!, req.params.id, {}, story, lang(req.headers)),
  );
  app.delete(
    '/foryou/timeline/:id',
    {
      config: { access: { permission: 'foryou.write', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'deleteStory', summary: 'Delete a story', tags, params: ItemParams, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (req, reply) => {
      await items.dismiss(req.auth!, req.params.id, story);
      return reply.status(204).send(null);
    },
  );

  // Any kind (designed; docs/decisions.md "For you — items").
  app.get(
    '/foryou/items/:id',
    {
      config: { access: { permission: 'foryou.read', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'getForyouItem', summary: 'Get a For you item', tags, params: ItemParams, response: { 200: ForyouItemDetail, ...errorResponses } },
    },
    async (req) => items.detail(req.auth!, req.params.id, undefined, lang(req.headers)),
  );
  app.post(
    '/foryou/items/:id/save',
    {
      config: {
        access: {
          permission: 'foryou.write',
          // The folder the new file goes into is the caller's own (an unknown or foreign one answers 404).
          ids: [
            { in: 'params', path: 'id' },
            { in: 'body', path: 'folderUuid', permission: 'file.write', folder: true },
          ],
        },
      },
      schema: { operationId: 'saveForyouItem', summary: 'Save a For you item', tags, params: ItemParams, body: SaveBody, response: { 200: SaveResult, ...errorResponses } },
    },
    async (req) => items.save(req.auth!, req.params.id, req.body, undefined, lang(req.headers)),
  );
  app.delete(
    '/foryou/items/:id',
    {
      config: { access: { permission: 'foryou.write', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'deleteForyouItem', summary: 'Delete a For you item', tags, params: ItemParams, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (req, reply) => {
      await items.dismiss(req.auth!, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/foryou/media/*',
    {
      exposeHeadRoute: false,
      // Public: an <img> or <video> cannot send X-Auth-Token; the signed token is the credential.
      config: { public: true, signedUrl: true },
      schema: {
        operationId: 'getForyouMedia',
        summary: "Open a For you item's media (signed URL)",
        tags,
        params: TokenParams,
        response: { 200: Media, 206: Media, 404: ErrorResponse, 416: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      const res = await items.openMedia(req.params['*'], req.headers.range);
      const size = res.meta.bytes;
      reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
      if (res.range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).send({ status: 'RANGE_NOT_SATISFIABLE', message: 'Requested range not satisfiable.' });
      }
      const { start, end } = res.range ?? { start: 0, end: size - 1 };
      if (res.range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      return reply
        .type(res.meta.contentType)
        .header('content-length', end - start + 1)
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(res.stream);
    },
  );

  await app.register(styledRoutes, { styled, items });
};
