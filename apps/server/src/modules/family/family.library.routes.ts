import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { AddBody, AddResult, HeldList, LibraryPage, LibraryQuery, RemoveBody, RemoveResult } from './family.library.schemas.js';
import type { FamilyLibraryService } from './family.library.service.js';

const tags = ['family'];
const writeErrors = { ...errorResponses, 403: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse };

export const familyLibraryRoutes: FastifyPluginAsyncTypebox<{ library: FamilyLibraryService }> = async (app, { library }) => {
  app.get(
    '/family/library',
    {
      config: {
        access: {
          permission: 'self',
          // A family person is held by its family's members; anyone else's answers 404 like an unknown one.
          ids: [{ in: 'query', path: 'person', permission: 'family_person.read' }],
          notIds: [{ in: 'query', path: 'after', why: "a keyset position within the caller's own family library" }],
        },
      },
      schema: { operationId: 'listFamilyLibrary', summary: 'List the family library, newest first', tags, querystring: LibraryQuery, response: { 200: LibraryPage, ...errorResponses } },
    },
    async (req) => library.list(req.auth!, req.query),
  );

  app.post(
    '/family/library/add',
    {
      // The owner's files only (the service refuses an editor's share of someone else's photo as not found).
      config: { access: { permission: 'file.write', ids: [{ in: 'body', path: 'uuids' }] } },
      schema: { operationId: 'addToFamilyLibrary', summary: 'Move or copy photos into the family library', tags, body: AddBody, response: { 200: AddResult, ...writeErrors } },
    },
    async (req) => library.add(req.auth!, req.body),
  );

  app.post(
    '/family/library/remove',
    {
      // Readable through the family: the service then lets the adder or the family admin remove it (403 otherwise).
      config: { access: { permission: 'file.read', ids: [{ in: 'body', path: 'uuids' }] } },
      schema: { operationId: 'removeFromFamilyLibrary', summary: "Remove photos from the family library to the remover's trash", tags, body: RemoveBody, response: { 200: RemoveResult, ...writeErrors } },
    },
    async (req) => library.remove(req.auth!, req.body.uuids),
  );

  app.get(
    '/family/library/held',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listFamilyLibraryHeld', summary: 'List photos kept for a member who left without room for them', tags, response: { 200: HeldList, ...errorResponses } },
    },
    async (req) => library.held(req.auth!),
  );
};
