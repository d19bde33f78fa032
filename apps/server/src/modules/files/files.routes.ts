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
      schema: { operationId: 'listFiles', tags, querystring: FolderListQuery, response: { 200: FilePage, ...errorResponses } },
    },
    async (req) => files.list(req.auth!, req.query),
  );

  app.get(
    '/filesystem/hidden',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listHiddenFiles', tags, querystring: PagingQuery, response: { 200: FilePage, ...errorResponses } },
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
      schema: { operationId: 'listFilesByField', tags, querystring: ByFieldQuery, response: { 200: FilePage, ...errorResponses } },
    },
    async (req) => files.listByField(req.auth!, req.query),
  );

  app.get(
    '/filesystem/trash',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listTrash', tags, querystring: PagingQuery, response: { 200: FilePage, ...errorResponses } },
    },
    async (req) => files.listTrash(req.auth!, req.query),
  );

  app.get(
    '/filesystem/activityFeed',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getActivityFeed', tags, querystring: ActivityQuery, response: { 200: ActivityList, ...errorResponses } },
    },
    async (req) => files.activityFeed(req.auth!, req.query),
  );

  // --- single items

  app.get(
    '/filesystem/item/:uuid',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: { operationId: 'getFileItem', tags, params: UuidParams, response: { 200: FileItem, ...errorResponses } },
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
      schema: { operationId: 'hideFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.setHidden(req.auth!, req.body, true),
  );

  app.post(
    '/filesystem/unhide',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'unhideFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.setHidden(req.auth!, req.body, false),
  );

  app.delete(
    '/filesystem/trash',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'trashFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
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
      schema: { operationId: 'bulkTrashFiles', tags, body: ProjectItemList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.trashByProject(req.auth!, req.body),
  );

  app.post(
    '/filesystem/recover',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'recoverFiles', tags, body: UuidList, response: { 200: FileList, ...errorResponses } },
    },
    async (req) => changes.recover(req.auth!, req.body),
  );

  app.delete(
    '/filesystem/trash/forever',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: '' }] } },
      schema: { operationId: 'deleteFilesForever', tags, body: UuidList, response: { 200: Deleted, ...errorResponses } },
    },
    async (req) => changes.deleteForever(req.auth!, req.body),
  );

  app.delete(
    '/filesystem/trash/all',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'emptyTrash', tags, response: { 200: Deleted, ...errorResponses } },
    },
    async (req) => changes.emptyTrash(req.auth!),
  );
};
