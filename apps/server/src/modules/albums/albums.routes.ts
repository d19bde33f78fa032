import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readerLanguage } from '../../shared/reader-language.js';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { Deleted, UuidList } from '../files/files.public.js';
import {
  Album,
  AlbumContentsQuery,
  AlbumDetail,
  AlbumList,
  AlbumListQuery,
  AlbumPage,
  AlbumUuidParams,
  CoverQuery,
  CreateAlbumBody,
  DownloadAlbumBody,
  RenameQuery,
  UuidParams,
} from './albums.schemas.js';
import type { AlbumsService } from './albums.service.js';
import { STREAM_ACCESS } from './albums.streams.js';

const tags = ['albums'];
const writeErrors = { ...errorResponses, 403: ErrorResponse };

export const albumsRoutes: FastifyPluginAsyncTypebox<{ albums: AlbumsService }> = async (app, { albums }) => {
  app.get(
    '/album',
    {
      // infoId names an album, or a person, place or thing when contentType is their stream.
      config: { access: { permission: 'self', ids: [{ in: 'query', path: 'infoId', permission: 'album.read', permissionBy: STREAM_ACCESS }] } },
      schema: { operationId: 'listAlbums', summary: 'List albums', tags, querystring: AlbumListQuery, response: { 200: AlbumPage, ...errorResponses } },
    },
    async (req) => albums.list(req.auth!, req.query, readerLanguage(req.headers['x-client-language'])),
  );

  app.post(
    '/album',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'createAlbum', summary: 'Create an album', tags, body: CreateAlbumBody, response: { 200: Album, ...writeErrors } },
    },
    async (req) => albums.create(req.auth!, req.body),
  );

  app.get(
    '/album/:uuid',
    {
      config: { access: { permission: 'album.read', ids: [{ in: 'params', path: 'uuid', permissionBy: STREAM_ACCESS }] } },
      schema: {
        operationId: 'getAlbum',
        summary: 'Get an album',
        tags,
        params: UuidParams,
        querystring: AlbumContentsQuery,
        response: { 200: AlbumDetail, ...errorResponses },
      },
    },
    async (req) => albums.get(req.auth!, req.params.uuid, req.query, readerLanguage(req.headers['x-client-language'])),
  );

  app.put(
    '/album/addFiles/:albumUuid',
    {
      config: {
        access: {
          permission: 'album.write',
          ids: [{ in: 'params', path: 'albumUuid' }, { in: 'body', path: '', permission: 'file.read' }],
        },
      },
      schema: {
        operationId: 'addFilesToAlbum',
        summary: 'Add photos to an album',
        tags,
        params: AlbumUuidParams,
        body: UuidList,
        response: { 200: Album, ...writeErrors },
      },
    },
    async (req) => albums.addFiles(req.auth!, req.params.albumUuid, req.body),
  );

  app.put(
    '/album/removeFiles/:uuid',
    {
      // Photos that are not members, or not the caller's to name, are ignored, as they always were.
      config: {
        access: {
          permission: 'album.write',
          ids: [{ in: 'params', path: 'uuid' }, { in: 'body', path: '', permission: 'file.read', skipDenied: true }],
        },
      },
      schema: { operationId: 'removeFilesFromAlbum', summary: 'Remove photos from an album', tags, params: UuidParams, body: UuidList, response: { 200: Album, ...errorResponses } },
    },
    async (req) => albums.removeFiles(req.auth!, req.params.uuid, req.body),
  );

  app.put(
    '/album/rename/:uuid',
    {
      config: { access: { permission: 'album.write', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: { operationId: 'renameAlbum', summary: 'Rename an album', tags, params: UuidParams, querystring: RenameQuery, response: { 200: Album, ...writeErrors } },
    },
    async (req) => albums.rename(req.auth!, req.params.uuid, req.query.newLabel),
  );

  app.put(
    '/album/coverPhoto/:albumUuid',
    {
      config: {
        access: {
          permission: 'album.write',
          ids: [{ in: 'params', path: 'albumUuid' }, { in: 'query', path: 'coverPhotoUuid', permission: 'file.read' }],
        },
      },
      schema: {
        operationId: 'setAlbumCover',
        summary: "Set an album's cover photo",
        tags,
        params: AlbumUuidParams,
        querystring: CoverQuery,
        response: { 200: Album, ...writeErrors },
      },
    },
    async (req) => albums.setCover(req.auth!, req.params.albumUuid, req.query.coverPhotoUuid),
  );

  app.delete(
    '/album',
    {
      config: { access: { permission: 'album.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'deleteAlbums', summary: 'Delete albums for good', tags, body: UuidList, response: { 200: Deleted, ...errorResponses } },
    },
    async (req) => albums.deleteForever(req.auth!, req.body),
  );

  app.delete(
    '/album/trash',
    {
      config: { access: { permission: 'album.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'trashAlbums', summary: 'Move albums to the trash', tags, body: UuidList, response: { 200: AlbumList, ...errorResponses } },
    },
    async (req) => albums.setStatus(req.auth!, req.body, 'TRASHED'),
  );

  app.delete(
    '/album/hide',
    {
      config: { access: { permission: 'album.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'hideAlbums', summary: 'Hide albums', tags, body: UuidList, response: { 200: AlbumList, ...errorResponses } },
    },
    async (req) => albums.setStatus(req.auth!, req.body, 'HIDDEN'),
  );

  app.post(
    '/album/recover',
    {
      config: { access: { permission: 'album.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'recoverAlbums', summary: 'Restore albums from the trash', tags, body: UuidList, response: { 200: AlbumList, ...errorResponses } },
    },
    async (req) => albums.setStatus(req.auth!, req.body, 'ACTIVE'),
  );

  app.post(
    '/album/download',
    {
      config: { access: { permission: 'album.read', ids: [{ in: 'body', path: 'albumUuid' }] } },
      schema: { operationId: 'createAlbumZipDownload', summary: 'Prepare a zip of albums', tags, body: DownloadAlbumBody, response: { 200: Type.String(), ...errorResponses, 413: ErrorResponse } },
    },
    async (req, reply) => reply.type('text/plain; charset=utf-8').send(await albums.download(req.auth!, req.body.albumUuid)),
  );
};
