import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readerLanguage } from '../../shared/reader-language.js';
import { errorResponses } from '../../shared/schemas.js';
import { SearchResult, SuggestQuery, SuggestResult, UnifiedQuery } from './search.schemas.js';
import type { SearchService } from './search.service.js';

const tags = ['search'];

export const searchRoutes: FastifyPluginAsyncTypebox<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/search/unified',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'searchUnified', summary: 'Search files, photos, albums, people, places and things', tags, querystring: UnifiedQuery, response: { 200: SearchResult, ...errorResponses } },
    },
    async (req) => search.unified(req.auth!, req.query, readerLanguage(req.headers['x-client-language'])),
  );

  app.get(
    '/search/unified/suggest',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'suggestSearch', summary: 'Suggest search terms', tags, querystring: SuggestQuery, response: { 200: SuggestResult, ...errorResponses } },
    },
    async (req) => search.suggest(req.auth!, req.query, readerLanguage(req.headers['x-client-language'])),
  );
};
