import os from 'node:os';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { metrics } from '../../infra/metrics/metrics.js';
import { minutes } from '../../shared/time.js';
import { MEDIA_PROCESS_JOB, SMALL_THUMBS_SCHEDULE } from './media.facts.js';
import { MediaService } from './media.service.js';
import { mediaRoutes } from './media.routes.js';

/**
 * Media jobs get their own slots, one per core, so a photo backlog neither idles a core nor delays mail and SMS; and
 * they are served in turns by account (enqueued with the account as fair key), so no account's backlog delays another's.
 */
const MEDIA_CONCURRENCY = os.availableParallelism();

export function mediaModule(d: { db: Kysely<DB>; blobs: BlobStore; signer: UrlSigner; logger: FastifyBaseLogger }): ModuleWith<MediaService> {
  const media = new MediaService(d);
  return {
    name: 'media',
    routes: routes(mediaRoutes, { media }),
    jobs: [
      {
        type: MEDIA_PROCESS_JOB,
        // CPU of the media pipeline (sharp, ffmpeg) for the metrics, shared fairly with media work running alongside.
        handler: (payload) => metrics.measureCpu('media', () => media.process((payload as { fileId: string }).fileId)),
        options: { maxAttempts: 5, backoffMs: 30_000, concurrency: MEDIA_CONCURRENCY, fair: true },
      },
    ],
    // Small thumbnails for what was processed before they existed (issue 36).
    schedules: [{ name: SMALL_THUMBS_SCHEDULE, everyMs: minutes(1), run: () => metrics.measureCpu('media', () => media.backfillSmallThumbs()) }],
    // Media writes its facts into `file` rows through its repository; the table is the files module's.
    tables: [],
    service: media,
  };
}
