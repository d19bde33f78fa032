import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { minutes } from '../../shared/time.js';
import type { MediaService } from '../media/media.public.js';
import type { AlbumsService } from '../albums/albums.public.js';
import { AlbumGenerator } from './foryou.albums.js';
import { CollageGenerator } from './foryou.collages.js';
import type { ForyouGenerator } from './foryou.generator.js';
import { AnimationsGenerator } from './foryou.animations.js';
import { FORYOU_GENERATE_JOB, ForyouItems } from './foryou.items.js';
import { deleteStyledUse } from './foryou.kinds.repository.js';
import { foryouRoutes } from './foryou.routes.js';
import { StoryGenerator } from './foryou.stories.js';
import { VideoGenerator, type VideoFormat } from './foryou.videos.js';
import { FORYOU_BACKFILL_SCHEDULE, FORYOU_DAILY_SCHEDULE, FORYOU_QUALITY_JOB, ForyouService, type ForyouDeps } from './foryou.service.js';
import { StyledPhotos } from './foryou.styled.js';

export interface ForyouModuleDeps extends ForyouDeps {
  media: Pick<MediaService, 'onProcessed'>;
  signer: UrlSigner;
  /** FORYOU_SETTLE_SECONDS: how long new photos settle before a generation run. */
  settleMs?: number;
  /** FORYOU_VIDEO_HEIGHT and FORYOU_VIDEO_FPS: memory videos' size and frame rate (1280×720 at 25 by default). */
  video?: VideoFormat;
  /** Keeping a generated album makes an ordinary album. */
  albums: Pick<AlbumsService, 'createWithPhotos'>;
}

export function foryouModule(d: ForyouModuleDeps): ModuleWith<ForyouService> {
  const foryou = new ForyouService(d);
  const clock = d.clock ?? Date.now;
  // Each kind's generator (collages, animations, albums, stories, videos, styled photos), in the order a run makes them.
  // The styled generator shows what it makes in the items' shape; `items` is built below, before any call.
  const styled = new StyledPhotos({ ...d, clock, present: (row, photos) => items.present(row, photos) });
  // Videos follow stories and albums: a memory video is made for a year-in-review story or a trip album.
  const generators: ForyouGenerator[] = [
    new CollageGenerator(d),
    new AnimationsGenerator(d),
    new AlbumGenerator(d),
    new StoryGenerator(d),
    new VideoGenerator(d, d.video),
    styled,
  ];
  const items = new ForyouItems({ ...d, clock, generators, budget: (accountId, at) => foryou.budget(accountId, at) });
  d.media.onProcessed(async (trx, media) => {
    await foryou.onProcessed(trx, media);
    // New photos: one generation run for the account once they settle.
    if (media.status === 'READY') await items.requestGeneration(trx, media.accountId, d.settleMs);
  });
  return {
    name: 'foryou',
    routes: routes(foryouRoutes, { foryou, items, styled }),
    jobs: [
      {
        type: FORYOU_QUALITY_JOB,
        handler: (payload) => foryou.scoreQuality((payload as { fileId: string }).fileId),
        // One slot of its own: scoring never takes a media.process slot (uploads and thumbnails), and accounts take turns.
        options: { maxAttempts: 3, backoffMs: 60_000, concurrency: 1, fair: true },
      },
      {
        type: FORYOU_GENERATE_JOB,
        handler: async (payload) => {
          await items.generate((payload as { accountId: string }).accountId);
        },
        // Rendering is the heaviest work here: one at a time per process, accounts take turns, never a media slot.
        options: { maxAttempts: 3, backoffMs: 5 * 60_000, concurrency: 1, fair: true },
      },
    ],
    // Every 10 minutes, idempotent per account and day: a new day's memories are made soon after midnight (UTC),
    // and each account gets one generation run a day besides the runs new photos start.
    schedules: [
      {
        name: FORYOU_DAILY_SCHEDULE,
        everyMs: minutes(10),
        run: async () => {
          const { accounts } = await foryou.daily();
          for (const accountId of accounts) await items.requestGeneration(d.db, accountId, 0);
        },
      },
      { name: FORYOU_BACKFILL_SCHEDULE, everyMs: minutes(1), run: () => foryou.backfill() },
    ],
    tables: ['foryou_item', 'foryou_item_photo', 'photo_quality', 'foryou_budget', 'foryou_styled_use'],
    purgeAccount: async (account) => {
      await foryou.purgeAccount(account.id);
      await deleteStyledUse(d.db, account.id);
      await d.blobs.deletePrefix(`users/${account.id}/foryou/`);
    },
    service: foryou,
  };
}
