import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { familyRoutes } from './family.routes.js';
import { FamilyService, type FamilyServiceDeps } from './family.service.js';

export function familyModule(d: FamilyServiceDeps): ModuleWith<FamilyService> {
  const family = new FamilyService(d);
  return {
    name: 'family',
    routes: routes(familyRoutes, { family }),
    tables: ['family', 'family_member', 'family_invitation'],
    purgeAccount: (account) => family.purgeAccount(account),
    service: family,
  };
}
