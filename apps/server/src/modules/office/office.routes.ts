import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicOrigin } from '../../infra/http/public-origin.js';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { FileItem } from '../files/files.public.js';
import { CreateOfficeFileBody, OfficeFileParams, OfficeOpenConfig, OfficeProjectFileParams, OfficeProjectParams } from './office.schemas.js';
import type { OfficeService } from './office.service.js';

const tags = ['office'];
const writeErrors = { ...errorResponses, 403: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse };

export const officeRoutes: FastifyPluginAsyncTypebox<{ office: OfficeService; publicUrl: string | null }> = async (app, { office, publicUrl }) => {
  app.post(
    '/office/files',
    {
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: 'parentFolderUuid', folder: true }] } },
      schema: {
        operationId: 'createOfficeFile',
        summary: 'Create a blank document, spreadsheet or presentation',
        description:
          'A blank .docx (WORD), .xlsx (CELL) or .pptx (SLIDE) in one of my folders (parentFolderUuid; empty or absent for ' +
          'the top folder), under a free name ("Document.docx", then "Document (2).docx"); it counts against the quota.',
        tags,
        body: CreateOfficeFileBody,
        response: { 200: FileItem, ...writeErrors },
      },
    },
    async (req) => office.create(req.auth!, null, req.body),
  );

  app.post(
    '/office/files/:id',
    {
      config: {
        access: {
          permission: 'file.write',
          ids: [
            { in: 'params', path: 'id', permission: 'project.read' },
            { in: 'body', path: 'parentFolderUuid', folder: true },
          ],
        },
      },
      schema: {
        operationId: 'createOfficeFileInProject',
        summary: 'Create a blank document in a project (a folder shared with me)',
        description: 'As POST /office/files, in a folder of the project that I may edit (mine, or shared with me as an editor: then it is the owner’s file and counts against the owner’s quota).',
        tags,
        params: OfficeProjectParams,
        body: CreateOfficeFileBody,
        response: { 200: FileItem, ...writeErrors },
      },
    },
    async (req) => office.create(req.auth!, req.params.id, req.body),
  );

  app.get(
    '/office/files/:id',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'params', path: 'id' }] } },
      schema: {
        operationId: 'getOfficeFile',
        summary: 'Open a document in the editor',
        description:
          'What the editor needs for this file and caller: mode (edit for the owner and editors of a share, view for ' +
          'viewers), a fresh access token scoped to the file and caller, and the editor (embedded, or the WOPI editor ' +
          'URL when OFFICE_WOPI_URL is configured).',
        tags,
        params: OfficeFileParams,
        response: { 200: OfficeOpenConfig, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return office.open(req.auth!, req.params.id, null, publicOrigin(publicUrl, req));
    },
  );

  app.get(
    '/office/files/:projectId/:uuid',
    {
      config: {
        access: {
          permission: 'file.read',
          ids: [
            { in: 'params', path: 'projectId', permission: 'project.read' },
            { in: 'params', path: 'uuid' },
          ],
        },
      },
      schema: {
        operationId: 'getOfficeFileInProject',
        summary: 'Open a document of a project in the editor',
        tags,
        params: OfficeProjectFileParams,
        response: { 200: OfficeOpenConfig, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return office.open(req.auth!, req.params.uuid, req.params.projectId, publicOrigin(publicUrl, req));
    },
  );
};
