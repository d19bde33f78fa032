import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import {
  AlbumItemsBody,
  AlbumItemsQuery,
  AlbumParams,
  CreateAlbumBody,
  DeleteAlbumResult,
  FamilyAlbum,
  FamilyAlbumList,
  FamilyAlbumPage,
  RemoveFromAlbumResult,
  UpdateAlbumBody,
} from './family.albums.schemas.js';
import type { FamilyAlbumsService } from './family.albums.service.js';

const tags = ['family'];
const writeErrors = { ...errorResponses, 403: ErrorResponse };
// A family album is held by every member of its family; anyone else's answers 404 like an unknown one.
const album = (permission: 'family_album.read' | 'family_album.write') => ({ in: 'params', path: 'albumId', permission }) as const;
// Items added must be readable by the caller (the family grant of file.read); the service then asks they are in the library.
const items = { in: 'body', path: 'uuids', permission: 'file.read' } as const;

export const familyAlbumRoutes: FastifyPluginAsyncTypebox<{ albums: FamilyAlbumsService }> = async (app, { albums }) => {
  app.get(
    '/family/albums',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listFamilyAlbums', summary: "List the family's albums, most recently changed first", tags, response: { 200: FamilyAlbumList, ...errorResponses } },
    },
    async (req) => albums.list(req.auth!),
  );

  app.post(
    '/family/albums',
    {
      config: { access: { permission: 'self', ids: [items] } },
      schema: { operationId: 'createFamilyAlbum', summary: 'Create a family album, optionally with items of the family library', tags, body: CreateAlbumBody, response: { 200: FamilyAlbum, ...writeErrors } },
    },
    async (req) => albums.create(req.auth!, req.body),
  );

  app.get(
    '/family/albums/:albumId',
    {
      config: { access: { permission: 'family_album.read', ids: [album('family_album.read')] } },
      schema: { operationId: 'getFamilyAlbum', summary: 'Get a family album', tags, params: AlbumParams, response: { 200: FamilyAlbum, ...errorResponses } },
    },
    async (req) => albums.get(req.auth!, req.params.albumId),
  );

  app.get(
    '/family/albums/:albumId/items',
    {
      config: {
        access: {
          permission: 'family_album.read',
          ids: [album('family_album.read')],
          notIds: [{ in: 'query', path: 'after', why: 'a keyset position within the album' }],
        },
      },
      schema: { operationId: 'listFamilyAlbumItems', summary: "List a family album's items, newest first", tags, params: AlbumParams, querystring: AlbumItemsQuery, response: { 200: FamilyAlbumPage, ...errorResponses } },
    },
    async (req) => albums.items(req.auth!, req.params.albumId, req.query),
  );

  app.patch(
    '/family/albums/:albumId',
    {
      config: {
        access: {
          permission: 'family_album.write',
          ids: [album('family_album.write')],
          notIds: [{ in: 'body', path: 'coverFileId', why: 'an item of the album: the service accepts only one that counts in it' }],
        },
      },
      schema: { operationId: 'updateFamilyAlbum', summary: "Rename a family album or choose its cover", tags, params: AlbumParams, body: UpdateAlbumBody, response: { 200: FamilyAlbum, ...writeErrors } },
    },
    async (req) => albums.update(req.auth!, req.params.albumId, req.body),
  );

  app.delete(
    '/family/albums/:albumId',
    {
      config: { access: { permission: 'family_album.write', ids: [album('family_album.write')] } },
      schema: { operationId: 'deleteFamilyAlbum', summary: 'Delete a family album (its photos stay in the library)', tags, params: AlbumParams, response: { 200: DeleteAlbumResult, ...writeErrors } },
    },
    async (req) => albums.delete(req.auth!, req.params.albumId),
  );

  app.post(
    '/family/albums/:albumId/add',
    {
      config: { access: { permission: 'family_album.write', ids: [album('family_album.write'), items] } },
      schema: { operationId: 'addToFamilyAlbum', summary: 'Add items of the family library to a family album', tags, params: AlbumParams, body: AlbumItemsBody, response: { 200: FamilyAlbum, ...writeErrors } },
    },
    async (req) => albums.addItems(req.auth!, req.params.albumId, req.body.uuids),
  );

  app.post(
    '/family/albums/:albumId/remove',
    {
      config: {
        access: {
          permission: 'family_album.write',
          ids: [album('family_album.write')],
          notIds: [{ in: 'body', path: 'uuids', why: 'items of the album: only its own rows are removed, others are ignored' }],
        },
      },
      schema: { operationId: 'removeFromFamilyAlbum', summary: 'Remove items from a family album (they stay in the library)', tags, params: AlbumParams, body: AlbumItemsBody, response: { 200: RemoveFromAlbumResult, ...writeErrors } },
    },
    async (req) => albums.removeItems(req.auth!, req.params.albumId, req.body.uuids),
  );
};
