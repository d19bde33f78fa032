import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import type { AlbumStreams } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import { thingsRoutes } from './things.routes.js';
import { THINGS_TAG_JOB, ThingsService, type ThingsDeps } from './things.service.js';

export const THINGS_BACKFILL = 'things.backfill';

export function thingsModule(d: ThingsDeps & { media: Pick<MediaService, 'onProcessed'>; streams: AlbumStreams }): ModuleWith<ThingsService> {
  const things = new ThingsService(d);
  d.media.onProcessed((trx, media) => things.onProcessed(trx, media));
  d.streams.register('album/object', things.stream);
  return {
    name: 'things',
    routes: routes(thingsRoutes, { things }),
    jobs: [
      {
        type: THINGS_TAG_JOB,
        handler: (payload) => things.tag((payload as { fileId: string }).fileId),
        // One slot of its own: detection never takes a media.process slot, and accounts take turns.
        options: { maxAttempts: 3, backoffMs: 60_000, concurrency: 1, fair: true },
      },
    ],
    schedules: [{ name: THINGS_BACKFILL, everyMs: minutes(1), run: () => things.backfill() }],
    tables: ['thing', 'file_thing', 'thing_scan'],
    purgeAccount: (account) => things.purgeAccount(account.id),
    service: things,
  };
}
