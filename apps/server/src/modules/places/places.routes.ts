import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readerLanguage } from '../../shared/reader-language.js';
import { errorResponses } from '../../shared/schemas.js';
import { PageQuery, Progress } from './places.cover-photo.js';
import { LanguageHeaders, PhotoParams, PlaceOfPhoto, PlacePage } from './places.schemas.js';
import type { PlacesService } from './places.service.js';

const tags = ['places'];

export const placesRoutes: FastifyPluginAsyncTypebox<{ places: PlacesService }> = async (app, { places }) => {
  app.get(
    '/location/page',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'listPlaces', summary: 'List places', tags, querystring: PageQuery, headers: LanguageHeaders, response: { 200: PlacePage, ...errorResponses } },
    },
    async (req) => places.list(req.auth!, readerLanguage(req.headers['x-client-language']), req.query),
  );

  app.get(
    '/location/photo/:uuid',
    {
      config: { access: { permission: 'file.read', ids: [{ in: 'params', path: 'uuid' }] } },
      schema: {
        operationId: 'getPlaceOfPhoto',
        summary: "Get a photo's place",
        tags,
        params: PhotoParams,
        headers: LanguageHeaders,
        response: { 200: PlaceOfPhoto, ...errorResponses },
      },
    },
    async (req) => places.ofPhoto(req.auth!, readerLanguage(req.headers['x-client-language']), req.params.uuid),
  );

  app.get(
    '/location/progress',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getPlacesProgress', summary: 'Get place detection progress', tags, response: { 200: Progress, ...errorResponses } },
    },
    async (req) => places.progress(req.auth!),
  );
};
