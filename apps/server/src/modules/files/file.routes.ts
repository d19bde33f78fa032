import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses, UuidSchema } from '../../shared/schemas.js';
import {
  ActivityList,
  ActivityQuery,
  Deleted,
  ByFieldQuery,
  DocumentTypeQuery,
  FileItem,
  FileList,
  FilePage,
  FolderListQuery,
  FolderRef,
  MAX_DESCRIPTION,
  PagingQuery,
  ProjectItemList,
  UuidList,
  V2ListQuery,
} from './file.schemas.js';
import type { FilesService } from './file.service.js';

const tags = ['files'];
const writeErrors = { ...errorResponses, 403: ErrorResponse, 409: ErrorResponse };
const UuidParams = Type.Object({ uuid: UuidSchema });

export const fileRoutes: FastifyPluginAsyncTypebox<{ files: FilesService }> = async (app, { files }) => {
  // --- listings

  app.get(
    '/filesystem',
    { schema: { operationId: 'listFiles', tags, querystring: FolderListQuery, response: { 200: FilePage, ...errorResponses } } },
    async (req) => files.list(req.auth!, req.query),
  );

  app.get(
    '/filesystem/hidden',
    { schema: { operationId: 'listHiddenFiles', tags, querystring: PagingQuery, response: { 200: FilePage, ...errorResponses } } },
    async (req) => files.listHidden(req.auth!, req.query),
  );

  app.get(
    '/v2/files/:projectId',
    {
      schema: {
        operationId: 'listProjectFiles',
        tags,
        params: Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: V2ListQuery,
        response: { 200: FilePage, ...errorResponses },
      },
    },
    async (req) => files.listByProject(req.auth!, req.params.projectId, req.query),
  );

  app.get(
    '/search/byDocumentType',
    {
      schema: {
        operationId: 'listFilesByDocumentType',
        tags,
        querystring: DocumentTypeQuery,
        response: { 200: FilePage, ...errorResponses },
      },
    },
    async (req) => files.listByDocumentType(req.auth!, req.query),
  );

  app.get(
    '/search/byField',
    {
      schema: { operationId: 'listFilesByField', tags, querystring: ByFieldQuery, response: { 200: FilePage, ...errorResponses } },
    },
    async (req) => files.listByField(req.auth!, req.query),
  );

  app.get(
    '/filesystem/trash',
    { schema: { operationId: 'listTrash', tags, querystring: PagingQuery, response: { 200: FilePage, ...errorResponses } } },
    async (req) => files.listTrash(req.auth!, req.query),
  );

  app.get(
    '/filesystem/activityFeed',
    {
      schema: { operationId: 'getActivityFeed', tags, querystring: ActivityQuery, response: { 200: ActivityList, ...errorResponses } },
    },
    async (req) => files.activityFeed(req.auth!, req.query),
  );

  // --- single items

  app.post(
    '/filesystem/createFolder',
    {
      schema: {
        operationId: 'createFolder',
        tags,
        querystring: Type.Object({ parentFolderUuid: Type.Optional(FolderRef) }),
        headers: Type.Object({
          'folder-name': Type.String({ minLength: 1, maxLength: 4096 }),
          'folder-uuid': UuidSchema,
        }),
        response: { 200: FileItem, ...writeErrors },
      },
    },
    async (req) =>
      files.createFolder(req.auth!, req.query.parentFolderUuid, req.headers['folder-name'], req.headers['folder-uuid']),
  );

  app.post(
    '/filesystem/rename/:uuid',
    {
      schema: {
        operationId: 'renameFile',
        tags,
        params: UuidParams,
        headers: Type.Object({ 'new-name': Type.String({ minLength: 1, maxLength: 4096 }) }),
        response: { 200: FileItem, ...writeErrors },
      },
    },
    async (req) => files.rename(req.auth!, req.params.uuid, req.headers['new-name']),
  );

  app.put(
    '/filesystem/metadata/:uuid',
    {
      schema: {
        operationId: 'setFileDescription',
        tags,
        params: UuidParams,
        body: Type.Object({ key: Type.Literal('Description'), value: Type.String({ maxLength: MAX_DESCRIPTION }) }),
        response: { 200: FileItem, ...errorResponses },
      },
    },
    async (req) => files.describe(req.auth!, req.params.uuid, req.body.value),
  );

  // --- bulk: each runs in one transaction

  app.post(
    '/filesystem/metadata',
    {
      schema: {
        operationId: 'setFavourite',
        tags,
        body: Type.Object({ uuids: UuidList, favourite: Type.Boolean() }),
        response: { 200: FileList, ...errorResponses },
      },
    },
    async (req) => files.setFavourite(req.auth!, req.body.uuids, req.body.favourite),
  );

  app.post(
    '/filesystem/move',
    {
      schema: {
        operationId: 'moveFiles',
        tags,
        querystring: Type.Object({ targetFolderUuid: Type.Optional(FolderRef) }),
        body: UuidList,
        response: { 200: FileList, ...writeErrors },
      },
    },
    async (req) => files.move(req.auth!, req.body, req.query.targetFolderUuid),
  );

  app.delete(
    '/filesystem/hide',
    { schema: { operationId: 'hideFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } } },
    async (req) => files.setHidden(req.auth!, req.body, true),
  );

  app.post(
    '/filesystem/unhide',
    { schema: { operationId: 'unhideFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } } },
    async (req) => files.setHidden(req.auth!, req.body, false),
  );

  app.delete(
    '/filesystem/trash',
    { schema: { operationId: 'trashFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } } },
    async (req) => files.trash(req.auth!, req.body),
  );

  app.post(
    '/v2/files/_bulk/trash',
    { schema: { operationId: 'bulkTrashFiles', tags, body: ProjectItemList, response: { 200: FileList, ...errorResponses } } },
    async (req) => files.trashByProject(req.auth!, req.body),
  );

  app.post(
    '/filesystem/recover',
    { schema: { operationId: 'recoverFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } } },
    async (req) => files.recover(req.auth!, req.body),
  );

  app.delete(
    '/filesystem/trash/forever',
    { schema: { operationId: 'deleteFilesForever', tags, body: UuidList, response: { 200: Deleted, ...errorResponses } } },
    async (req) => files.deleteForever(req.auth!, req.body),
  );

  app.delete(
    '/filesystem/trash/all',
    { schema: { operationId: 'emptyTrash', tags, response: { 200: Deleted, ...errorResponses } } },
    async (req) => files.emptyTrash(req.auth!),
  );
};
