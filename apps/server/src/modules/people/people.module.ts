import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { hours, minutes } from '../../shared/time.js';
import type { AlbumsService } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { LibraryFilters } from '../family/family.public.js';
import { photosOfPerson } from './people.family.repository.js';
import { familyPeopleRoutes } from './people.family.routes.js';
import { FamilyPeopleService } from './people.family.service.js';
import { peopleRoutes } from './people.routes.js';
import {
  PEOPLE_BACKFILL_SCHEDULE,
  PEOPLE_FACES_JOB,
  PEOPLE_FAMILY_GROUP_SCHEDULE,
  PEOPLE_RECLUSTER_SCHEDULE,
  PEOPLE_RETENTION_SCHEDULE,
  type PeopleDeps,
} from './people.pipeline.js';
import { PeopleService } from './people.service.js';

type AllRoutes = { people: PeopleService; familyPeople: FamilyPeopleService };
const allRoutes: FastifyPluginAsyncTypebox<AllRoutes> = async (app, o) => {
  await peopleRoutes(app, o);
  await familyPeopleRoutes(app, o);
};

export function peopleModule(
  d: PeopleDeps & { media: MediaService; albums: AlbumsService; familyLibrary: LibraryFilters },
): ModuleWith<PeopleService> & { familyPeople: FamilyPeopleService } {
  const people = new PeopleService(d);
  const familyPeople = new FamilyPeopleService(d);
  d.familyLibrary.register('person', photosOfPerson);
  d.media.onProcessed((trx, media) => people.onProcessed(trx, media));
  d.albums.streams.register('album/person', people);
  return {
    name: 'people',
    routes: routes(allRoutes, { people, familyPeople }),
    jobs: [
      {
        type: PEOPLE_FACES_JOB,
        handler: (payload) => people.analyse((payload as { fileId: string }).fileId),
        // One slot of its own: face analysis never takes media.process's slots, and accounts take turns.
        options: { maxAttempts: 3, backoffMs: 60_000, concurrency: 1, fair: true },
      },
    ],
    schedules: [
      { name: PEOPLE_BACKFILL_SCHEDULE, everyMs: minutes(1), run: () => people.backfill() },
      { name: PEOPLE_RECLUSTER_SCHEDULE, everyMs: hours(1), run: () => people.reclusterAll() },
      // Hourly, so the time premium ended is recorded within the hour (the 30 days count from it).
      { name: PEOPLE_RETENTION_SCHEDULE, everyMs: hours(1), run: () => people.retention() },
      { name: PEOPLE_FAMILY_GROUP_SCHEDULE, everyMs: minutes(1), run: () => familyPeople.groupAll() },
    ],
    tables: ['person', 'face', 'face_rejection', 'face_scan', 'face_setting', 'face_retention', 'family_person', 'family_face', 'family_face_rejection'],
    purgeAccount: (account) => people.purgeAccount(account.id),
    service: people,
    familyPeople,
  };
}
