import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { DerivativeLinks } from '../files/files.public.js';
import { hours } from '../../shared/time.js';
import { LibraryFilters } from './family.library.filters.js';
import { familyLibraryRoutes } from './family.library.routes.js';
import { FamilyLibraryService } from './family.library.service.js';
import { familyRoutes } from './family.routes.js';
import { FamilyService, type FamilyServiceDeps } from './family.service.js';

export const EXPIRE_HELD_SCHEDULE = 'family.expire-held';

type AllRoutes = { family: FamilyService; library: FamilyLibraryService };
const allRoutes: FastifyPluginAsyncTypebox<AllRoutes> = async (app, o) => {
  await familyRoutes(app, o);
  await familyLibraryRoutes(app, o);
};

export function familyModule(d: FamilyServiceDeps & { jobs: JobQueue; links: DerivativeLinks }): ModuleWith<FamilyService> & { libraryFilters: LibraryFilters } {
  const family = new FamilyService(d);
  // The people and places modules add the library's person and place filters (app-modules.ts wires them).
  const libraryFilters = new LibraryFilters();
  const library = new FamilyLibraryService({ ...d, filters: libraryFilters });
  return {
    name: 'family',
    routes: routes(allRoutes, { family, library }),
    // Held items of members who left (issue 35): the rule is by day, so an hourly run keeps it exact enough.
    schedules: [{ name: EXPIRE_HELD_SCHEDULE, everyMs: hours(1), run: () => library.expireHeld() }],
    tables: ['family', 'family_member', 'family_invitation'],
    purgeAccount: (account) => family.purgeAccount(account),
    service: family,
    libraryFilters,
  };
}
