import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { hours, minutes } from '../../shared/time.js';
import type { AlbumsService } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import { peopleRoutes } from './people.routes.js';
import {
  PEOPLE_BACKFILL_SCHEDULE,
  PEOPLE_FACES_JOB,
  PEOPLE_RECLUSTER_SCHEDULE,
  PEOPLE_RETENTION_SCHEDULE,
  type PeopleDeps,
} from './people.pipeline.js';
import { PeopleService } from './people.service.js';

export function peopleModule(d: PeopleDeps & { media: MediaService; albums: AlbumsService }): ModuleWith<PeopleService> {
  const people = new PeopleService(d);
  d.media.onProcessed((trx, media) => people.onProcessed(trx, media));
  d.albums.streams.register('album/person', people);
  return {
    name: 'people',
    routes: routes(peopleRoutes, { people }),
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
    ],
    tables: ['person', 'face', 'face_rejection', 'face_scan', 'face_setting', 'face_retention'],
    purgeAccount: (account) => people.purgeAccount(account.id),
    service: people,
  };
}
