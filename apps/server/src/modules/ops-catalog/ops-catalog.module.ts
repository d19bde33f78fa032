import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { opsCatalogRoutes } from './ops-catalog.routes.js';
import { OpsCatalogService, type OpsCatalogDeps } from './ops-catalog.service.js';

/** The console's plans, remote configuration and orders: no tables of its own (packages, remote-config, payment own them). */
export function opsCatalogModule(d: OpsCatalogDeps): ModuleWith<OpsCatalogService> {
  const ops = new OpsCatalogService(d);
  return { name: 'ops-catalog', routes: routes(opsCatalogRoutes, { ops }), tables: [], service: ops };
}
