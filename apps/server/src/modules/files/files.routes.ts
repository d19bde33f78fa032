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
} from './files.schemas.js';
import type { FileChangesService } from './files.changes.service.js';
import type { FilesService } from './files.service.js';

const tags = ['files'];
const writeErrors = { ...errorResponses, 403: ErrorResponse, 409: ErrorResponse };
const UuidParams = Type.Object({ uuid: UuidSchema });

export const filesRoutes: FastifyPluginAsyncTypebox<{ files: FilesService; changes: FileChangesService }> = async (
  app,
  { files, changes },
) => {
  // --- listings

  app.get(
    '/filesystem',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'query', path: 'parentFolderUuid', folder: true }] } },
      schema: {
        operationId: 'listFiles',
        summary: "List a folder's files",
        description:
          'One page of a folder (parentFolderUuid; empty or absent for the top folder), folders first, sorted by ' +
          'sortBy and sortOrder. Example: GET /api/filesystem?parentFolderUuid=&sortBy=name&sortOrder=ASC&page=0&size=100. ' +
          'Photos carry signed thumbnailUrl and previewUrl links that need no token.',
        tags,
        querystring: FolderListQuery,
        response: { 200: FilePage, ...errorResponses },
      },
    },
    async (req) => files.list(req.auth!, req.query),
  );

  app.get(
    '/filesystem/hidden',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listHiddenFiles', summary: 'List hidden files', tags, querystring: PagingQuery, response: { 200: FilePage, ...errorResponses } },
    },
    async (req) => files.listHidden(req.auth!, req.query),
  );

  app.get(
    '/v2/files/:projectId',
    {
      config: {
        access: {
          permission: 'file.read',
          ids: [
            { in: 'params', path: 'projectId', permission: 'project.read' },
            { in: 'query', path: 'parentFolderUuid', folder: true },
          ],
        },
      },
      schema: {
        operationId: 'listProjectFiles',
        summary: "List a project's files",
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
      config: { access: { permission: 'file.read', ids: [{ in: 'query', path: 'parentFolderUuid', folder: true }] } },
      schema: {
        operationId: 'listFilesByDocumentType',
        summary: 'List files by document type',
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
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listFilesByField', summary: 'List files by a field (favourites, photos, …)', tags, querystring: ByFieldQuery, response: { 200: FilePage, ...errorResponses } },
    },
    async (req) => files.listByField(req.auth!, req.query),
  );

  app.get(
    '/filesystem/trash',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listTrash', summary: 'List the trash', tags, querystring: PagingQuery, response: { 200: FilePage, ...errorResponses } },
    },
    async (req) => files.listTrash(req.auth!, req.query),
  );

  app.get(
    '/filesystem/activityFeed',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getActivityFeed', summary: 'List recent file activity', tags, querystring: ActivityQuery, response: { 200: ActivityList, ...errorResponses } },
    },
    async (req) => files.activityFeed(req.auth!, req.query),
  );

  // --- single items

  app.get(
    '/filesystem/item/:uuid',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: { operationId: 'getFileItem', summary: 'Get a file or folder', tags, params: UuidParams, response: { 200: FileItem, ...errorResponses } },
    },
    async (req) => files.getItem(req.auth!, req.params.uuid),
  );

  app.post(
    '/filesystem/createFolder',
    {
      config: {
        access: {
          permission: 'file.write',
          ids: [{ in: 'query', path: 'parentFolderUuid', folder: true }],
          notIds: [
            { in: 'headers', path: 'folder-uuid', why: 'the id the new folder will get; a taken one answers 409' },
          ],
        },
      },
      schema: {
        operationId: 'createFolder',
        summary: 'Create a folder',
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
      changes.createFolder(req.auth!, req.query.parentFolderUuid, req.headers['folder-name'], req.headers['folder-uuid']),
  );

  app.post(
    '/filesystem/rename/:uuid',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: {
        operationId: 'renameFile',
        summary: 'Rename a file or folder',
        tags,
        params: UuidParams,
        headers: Type.Object({ 'new-name': Type.String({ minLength: 1, maxLength: 4096 }) }),
        response: { 200: FileItem, ...writeErrors },
      },
    },
    async (req) => changes.rename(req.auth!, req.params.uuid, req.headers['new-name']),
  );

  app.put(
    '/filesystem/metadata/:uuid',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: {
        operationId: 'setFileDescription',
        summary: "Set a file's description",
        tags,
        params: UuidParams,
        body: Type.Object({ key: Type.Literal('Description'), value: Type.String({ maxLength: MAX_DESCRIPTION }) }),
        response: { 200: FileItem, ...errorResponses },
      },
    },
    async (req) => changes.describe(req.auth!, req.params.uuid, req.body.value),
  );

  // --- bulk: each runs in one transaction

  app.post(
    '/filesystem/metadata',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: 'uuids' }] } },
      schema: {
        operationId: 'setFavourite',
        summary: 'Mark or unmark favourites',
        tags,
        body: Type.Object({ uuids: UuidList, favourite: Type.Boolean() }),
        response: { 200: FileList, ...errorResponses },
      },
    },
    async (req) => changes.setFavourite(req.auth!, req.body.uuids, req.body.favourite),
  );

  app.post(
    '/filesystem/move',
    {
      config: {
        access: {
          permission: 'file.write',
          ids: [{ in: 'body', path: '' }, { in: 'query', path: 'targetFolderUuid', folder: true }],
        },
      },
      schema: {
        operationId: 'moveFiles',
        summary: 'Move files and folders',
        tags,
        querystring: Type.Object({ targetFolderUuid: Type.Optional(FolderRef) }),
        body: UuidList,
        response: { 200: FileList, ...writeErrors },
      },
    },
    async (req) => changes.move(req.auth!, req.body, req.query.targetFolderUuid),
  );

  app.delete(
    '/filesystem/hide',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'hideFiles', summary: 'Hide files', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.setHidden(req.auth!, req.body, true),
  );

  app.post(
    '/filesystem/unhide',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'unhideFiles', summary: 'Unhide files', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.setHidden(req.auth!, req.body, false),
  );

  app.delete(
    '/filesystem/trash',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'trashFiles', summary: 'Move files to the trash', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.trash(req.auth!, req.body),
  );

  app.post(
    '/v2/files/_bulk/trash',
    {
      config: {
        access: {
          permission: 'file.write',
          ids: [{ in: 'body', path: 'projectId', permission: 'project.read' }, { in: 'body', path: 'uuid' }],
        },
      },
      schema: { operationId: 'bulkTrashFiles', summary: 'Move files to the trash (bulk)', tags, body: ProjectItemList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.trashByProject(req.auth!, req.body),
  );

  app.post(
    '/filesystem/recover',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'recoverFiles', summary: 'Restore files from the trash', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.recover(req.auth!, req.body),
  );

  app.delete(
    '/filesystem/trash/forever',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'deleteFilesForever', summary: 'Delete files from the trash for good', tags, body: UuidList, response: { 200: Deleted, ...errorResponses } },
    },
    async (req) => changes.deleteForever(req.auth!, req.body),
  );

  app.delete(
    '/filesystem/trash/all',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'emptyTrash', summary: 'Empty the trash', tags, response: { 200: Deleted, ...errorResponses } },
    },
    async (req) => changes.emptyTrash(req.auth!),
  );
};
