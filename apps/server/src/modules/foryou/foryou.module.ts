import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import type { MediaService } from '../media/media.public.js';
import { foryouRoutes } from './foryou.routes.js';
import { FORYOU_BACKFILL_SCHEDULE, FORYOU_DAILY_SCHEDULE, FORYOU_QUALITY_JOB, ForyouService, type ForyouDeps } from './foryou.service.js';

export function foryouModule(d: ForyouDeps & { media: Pick<MediaService, 'onProcessed'> }): ModuleWith<ForyouService> {
  const foryou = new ForyouService(d);
  d.media.onProcessed((trx, media) => foryou.onProcessed(trx, media));
  return {
    name: 'foryou',
    routes: routes(foryouRoutes, { foryou }),
    jobs: [
      {
        type: FORYOU_QUALITY_JOB,
        handler: (payload) => foryou.scoreQuality((payload as { fileId: string }).fileId),
        // One slot of its own: scoring never takes a media.process slot (uploads and thumbnails), and accounts take turns.
        options: { maxAttempts: 3, backoffMs: 60_000, concurrency: 1, fair: true },
      },
    ],
    // Every 10 minutes, idempotent per account and day: a new day's memories are made soon after midnight (UTC).
    schedules: [
      { name: FORYOU_DAILY_SCHEDULE, everyMs: minutes(10), run: () => foryou.daily() },
      { name: FORYOU_BACKFILL_SCHEDULE, everyMs: minutes(1), run: () => foryou.backfill() },
    ],
    tables: ['foryou_item', 'foryou_item_photo', 'photo_quality', 'foryou_budget'],
    purgeAccount: (account) => foryou.purgeAccount(account.id),
    service: foryou,
  };
}
