import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { SearchService, type SearchServiceDeps } from './search.service.js';
import { searchRoutes } from './search.routes.js';

export function searchModule(d: SearchServiceDeps): ModuleWith<SearchService> {
  const search = new SearchService(d);
  return { name: 'search', routes: routes(searchRoutes, { search }), tables: [], service: search };
}
