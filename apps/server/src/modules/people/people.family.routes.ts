import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import {
  FamilyLabelBody,
  FamilyMergeBody,
  FamilyPerson,
  FamilyPersonPage,
  FamilyPersonPageQuery,
  FamilyPersonParams,
  FamilyRejectBody,
  FamilyRejectResult,
} from './people.family.schemas.js';
import type { FamilyPeopleService } from './people.family.service.js';

// Listed with the family library in the API document and the web's generated family endpoints.
const tags = ['family'];
const writeErrors = { ...errorResponses, 403: ErrorResponse };

/** People of the family library (issue 35); their photos are the library page filtered (`GET /family/library?person=`). */
export const familyPeopleRoutes: FastifyPluginAsyncTypebox<{ familyPeople: FamilyPeopleService }> = async (app, { familyPeople }) => {
  app.get(
    '/family/people',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listFamilyPeople', summary: 'List the people of the family library', tags, querystring: FamilyPersonPageQuery, response: { 200: FamilyPersonPage, ...errorResponses } },
    },
    async (req) => familyPeople.page(req.auth!, req.query),
  );

  app.get(
    '/family/people/:personId',
    {
      config: { access: { permission: 'family_person.read', ids: [{ in: 'params', path: 'personId' }] } },
      schema: { operationId: 'getFamilyPerson', summary: 'Get a person of the family library', tags, params: FamilyPersonParams, response: { 200: FamilyPerson, ...errorResponses } },
    },
    async (req) => familyPeople.get(req.auth!, req.params.personId),
  );

  app.put(
    '/family/people/:personId/label',
    {
      config: { access: { permission: 'family_person.write', ids: [{ in: 'params', path: 'personId' }] } },
      schema: {
        operationId: 'renameFamilyPerson',
        summary: 'Name a person of the family library (every member sees the name)',
        tags,
        params: FamilyPersonParams,
        body: FamilyLabelBody,
        response: { 200: FamilyPerson, ...writeErrors },
      },
    },
    async (req) => familyPeople.rename(req.auth!, req.params.personId, req.body.label),
  );

  app.post(
    '/family/people/:personId/merge',
    {
      config: { access: { permission: 'family_person.write', ids: [{ in: 'params', path: 'personId' }, { in: 'body', path: 'into' }] } },
      schema: {
        operationId: 'mergeFamilyPerson',
        summary: 'Merge a person of the family library into another',
        tags,
        params: FamilyPersonParams,
        body: FamilyMergeBody,
        response: { 200: FamilyPerson, ...writeErrors },
      },
    },
    async (req) => familyPeople.merge(req.auth!, req.params.personId, req.body.into),
  );

  app.post(
    '/family/people/:personId/not-this-person',
    {
      config: {
        access: {
          permission: 'family_person.write',
          ids: [
            { in: 'params', path: 'personId' },
            { in: 'body', path: 'uuids', permission: 'file.read' },
          ],
        },
      },
      schema: {
        operationId: 'removePhotosFromFamilyPerson',
        summary: 'Not this person: take photos out of a family library person',
        tags,
        params: FamilyPersonParams,
        body: FamilyRejectBody,
        response: { 200: FamilyRejectResult, ...writeErrors },
      },
    },
    async (req) => familyPeople.removePhotos(req.auth!, req.params.personId, req.body.uuids),
  );
};
