import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { DerivativeLinks } from '../files/files.public.js';
import { hours } from '../../shared/time.js';
import { familyAlbumRoutes } from './family.albums.routes.js';
import { FamilyAlbumsService } from './family.albums.service.js';
import { LibraryFilters } from './family.library.filters.js';
import { familyLibraryRoutes } from './family.library.routes.js';
import { FamilyLibraryService } from './family.library.service.js';
import { familyRoutes } from './family.routes.js';
import { FamilyService, type FamilyServiceDeps } from './family.service.js';

export const EXPIRE_HELD_SCHEDULE = 'family.expire-held';

type AllRoutes = { family: FamilyService; library: FamilyLibraryService; albums: FamilyAlbumsService };
const allRoutes: FastifyPluginAsyncTypebox<AllRoutes> = async (app, o) => {
  await familyRoutes(app, o);
  await familyLibraryRoutes(app, o);
  await familyAlbumRoutes(app, o);
};

export function familyModule(d: FamilyServiceDeps & { jobs: JobQueue; links: DerivativeLinks }): ModuleWith<FamilyService> & { libraryFilters: LibraryFilters } {
  const family = new FamilyService(d);
  // The people and places modules add the library's person and place filters (app-modules.ts wires them).
  const libraryFilters = new LibraryFilters();
  const library = new FamilyLibraryService({ ...d, filters: libraryFilters });
  const albums = new FamilyAlbumsService(d);
  return {
    name: 'family',
    routes: routes(allRoutes, { family, library, albums }),
    // Held items of members who left (issue 35): the rule is by day, so an hourly run keeps it exact enough.
    // The same hourly run prunes family album rows whose items left the library (reads never count them anyway).
    schedules: [{ name: EXPIRE_HELD_SCHEDULE, everyMs: hours(1), run: async () => (await library.expireHeld()) + (await albums.pruneAll()) }],
    tables: ['family', 'family_member', 'family_invitation', 'family_album', 'family_album_file'],
    purgeAccount: (account) => family.purgeAccount(account),
    service: family,
    libraryFilters,
  };
}
