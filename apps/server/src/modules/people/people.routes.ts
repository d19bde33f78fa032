import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Binary, ErrorResponse, errorResponses, TokenParams } from '../../shared/schemas.js';
import {
  IdParams,
  LabelBody,
  PeopleInPhoto,
  Person,
  PersonIdList,
  PersonIdParams,
  PersonPage,
  PersonPageQuery,
  PhotoParams,
  Recognition,
  RecognitionBody,
  ThumbnailBody,
  UpdatePersonBody,
  VisibilityBody,
} from './people.schemas.js';
import type { PeopleService } from './people.service.js';

const tags = ['people'];
const Empty = Type.Object({});
const writeErrors = { ...errorResponses, 403: ErrorResponse };
const listIds = (permission: 'person.write') => ({ access: { permission, ids: [{ in: 'body' as const, path: '' }] } });
const oneId = (path: string, permission: 'person.read' | 'person.write') => ({ access: { permission, ids: [{ in: 'params' as const, path }] } });

export const peopleRoutes: FastifyPluginAsyncTypebox<{ people: PeopleService }> = async (app, { people }) => {
  app.get(
    '/person/page',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listPeople', summary: 'List people', tags, querystring: PersonPageQuery, response: { 200: PersonPage, ...errorResponses } },
    },
    async (req) => people.page(req.auth!, req.query),
  );

  // The spec is not sure of this call's method; PUT is what renames elsewhere (see docs/decisions.md).
  app.put(
    '/person/label/:personId',
    {
      config: oneId('personId', 'person.write'),
      schema: { operationId: 'renamePerson', summary: 'Name a person', tags, params: PersonIdParams, body: LabelBody, response: { 200: Person, ...writeErrors } },
    },
    async (req) => people.rename(req.auth!, req.params.personId, req.body.label),
  );

  app.patch(
    '/person/:id',
    {
      config: {
        access: { permission: 'person.write', ids: [{ in: 'params', path: 'id' }, { in: 'body', path: 'mergeInto' }] },
      },
      schema: { operationId: 'updatePerson', summary: 'Update a person', tags, params: IdParams, body: UpdatePersonBody, response: { 200: Person, ...writeErrors } },
    },
    async (req) => people.update(req.auth!, req.params.id, req.body),
  );

  app.post(
    '/person/thumbnail/:id',
    {
      config: {
        access: { permission: 'person.write', ids: [{ in: 'params', path: 'id' }, { in: 'body', path: 'uuid', permission: 'file.read' }] },
      },
      schema: { operationId: 'setPersonThumbnail', summary: "Set a person's face photo", tags, params: IdParams, body: ThumbnailBody, response: { 200: Person, ...writeErrors } },
    },
    async (req) => people.setThumbnail(req.auth!, req.params.id, req.body.uuid),
  );

  const status = (method: 'DELETE' | 'POST', url: string, operationId: string, summary: string, to: 'HIDDEN' | 'TRASHED' | 'ACTIVE') =>
    app.route({
      method,
      url,
      config: listIds('person.write'),
      schema: { operationId, summary, tags, body: PersonIdList, response: { 200: Empty, ...writeErrors } },
      handler: async (req) => {
        await people.setStatus(req.auth!.accountId, req.body as string[], to);
        return {};
      },
    });
  status('DELETE', '/person/hide', 'hidePeople', 'Hide people', 'HIDDEN');
  status('DELETE', '/person/trash', 'trashPeople', 'Move people to the trash', 'TRASHED');
  status('POST', '/person/recover', 'recoverPeople', 'Restore people from the trash', 'ACTIVE');

  // The spec's path ends in a slash; the API document names the one without (no trailing slashes there), and both answer.
  for (const url of ['/person/visibility', '/person/visibility/']) {
    const specPath = url.endsWith('/');
    app.put(
      url,
      {
        config: {
          access: { permission: 'person.write', ids: [{ in: 'body', path: 'hidden' }, { in: 'body', path: 'visible' }] },
        },
        schema: {
          operationId: specPath ? 'setPeopleVisibilitySlash' : 'setPeopleVisibility',
          summary: 'Show and hide people',
          hide: specPath,
          tags,
          body: VisibilityBody,
          response: { 200: Empty, ...writeErrors },
        },
      },
      async (req) => {
        await people.setVisibility(req.auth!, req.body);
        return {};
      },
    );
  }

  app.post(
    '/person/photo/delete/:id',
    {
      config: {
        access: { permission: 'person.write', ids: [{ in: 'params', path: 'id' }, { in: 'body', path: '', permission: 'file.read' }] },
      },
      schema: { operationId: 'removePhotosFromPerson', summary: 'Remove photos from a person', tags, params: IdParams, body: PersonIdList, response: { 200: Person, ...writeErrors } },
    },
    async (req) => people.removePhotos(req.auth!, req.params.id, req.body),
  );

  app.get(
    '/person/photo/:uuid',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: { operationId: 'getPeopleInPhoto', summary: 'List the people in a photo', tags, params: PhotoParams, response: { 200: PeopleInPhoto, ...errorResponses } },
    },
    async (req) => people.peopleInPhoto(req.auth!, req.params.uuid),
  );

  app.get(
    '/person/recognition',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getFaceRecognition', summary: 'Is face recognition on?', tags, response: { 200: Recognition, ...errorResponses } },
    },
    async (req) => people.recognition(req.auth!),
  );

  app.put(
    '/person/recognition',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'setFaceRecognition', summary: 'Turn face recognition on or off', tags, body: RecognitionBody, response: { 200: Recognition, ...writeErrors } },
    },
    async (req) => people.setRecognition(req.auth!, req.body.enabled),
  );

  app.get(
    '/person/face/*',
    {
      exposeHeadRoute: false,
      // Public: an <img> cannot send X-Auth-Token; the signed token is the credential (like thumbnails).
      config: { public: true, signedUrl: true },
      schema: { operationId: 'getFaceCrop', summary: 'Open a face crop (signed URL)', tags, params: TokenParams, response: { 200: Binary('image/webp', 'The face crop.'), 404: ErrorResponse, 429: ErrorResponse } },
    },
    async (req, reply) =>
      reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(await people.openFace(req.params['*'])),
  );
};
