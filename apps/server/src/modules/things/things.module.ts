import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import type { AlbumStreams } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import { thingsRoutes } from './things.routes.js';
import { THINGS_TAG_JOB, ThingsService, type ThingsDeps } from './things.service.js';

export const THINGS_BACKFILL = 'things.backfill';

export function thingsModule(
  d: ThingsDeps & { media: Pick<MediaService, 'onProcessed'>; streams: AlbumStreams; /** THINGS_DETECTION; on unless false. */ detection?: boolean },
): ModuleWith<ThingsService> {
  const things = new ThingsService(d);
  const detection = d.detection ?? true;
  // Off: nothing is queued (neither new photos nor the backfill); what was found before stays listed.
  if (detection) d.media.onProcessed((trx, media) => things.onProcessed(trx, media));
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
    schedules: [{ name: THINGS_BACKFILL, everyMs: minutes(1), run: async () => (detection ? things.backfill() : 0) }],
    tables: ['thing', 'file_thing', 'thing_scan'],
    purgeAccount: (account) => things.purgeAccount(account.id),
    service: things,
  };
}
