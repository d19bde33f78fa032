// Collages (For you, kind COLLAGE): the best photos of each recent event in one JPEG. Saved the default way: the
// image becomes a file in the user's files (ForyouItems).
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MEDIA_KIND } from '../files/files.public.js';
import { faceBoxes } from '../people/people.public.js';
import { COLLAGE_MAX_PHOTOS, COLLAGE_MIN_PHOTOS, renderCollage } from '../../infra/render/index.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import type { ForyouGenerator, GenerateContext, GeneratorDeps } from './foryou.generator.js';
import { ForyouItems } from './foryou.items.js';
import { eventParams, loadLibrary, type LibraryPhoto } from './foryou.library.js';
import { isClosed, type Moment } from './foryou.moments.js';
import * as kinds from './foryou.kinds.repository.js';
import * as repo from './foryou.repository.js';
import { pickBest } from './foryou.service.js';
import type { ResultMeta } from './foryou.table.js';

/** Events that ended this recently get a collage (older ones are the albums' and memories' business). */
export const COLLAGE_RECENT_DAYS = 60;
/** Collages one run renders at most: each is a few hundred ms of CPU. */
export const COLLAGES_PER_RUN = 3;
/** The collage's long side in pixels: sharp on a phone and a laptop, ~0.5–1 MB as JPEG. */
export const COLLAGE_SIZE = 2048;

export const collageKey = (event: Moment<LibraryPhoto>) => `collage:${event.photos[0]!.id}`;

export class CollageGenerator implements ForyouGenerator {
  readonly kind = 'COLLAGE' as const;

  constructor(private readonly d: GeneratorDeps) {}

  async generate(ctx: GenerateContext): Promise<number> {
    const lib = await loadLibrary(this.d.db, ctx.accountId, ctx.at);
    // Newest first; over (so it will not grow after its collage is made), recent, with at least two stills.
    const events = lib.events
      .filter((e) => isClosed(e, ctx.at) && e.end >= ctx.at - days(COLLAGE_RECENT_DAYS))
      .filter((e) => e.photos.filter(isStill).length >= COLLAGE_MIN_PHOTOS)
      .reverse();
    const existing = await kinds.existingKeys(this.d.db, ctx.accountId, 'COLLAGE', events.map(collageKey));
    let made = 0;
    for (const event of events) {
      if (made >= COLLAGES_PER_RUN) break;
      if (existing.has(collageKey(event))) continue;
      if ((await ctx.budget.left()) <= 0) break;
      if (await this.make(ctx, event, eventParams(lib, event))) made++;
    }
    return made;
  }

  /** Renders and stores one event's collage; false when another run made it meanwhile. */
  private async make(ctx: GenerateContext, event: Moment<LibraryPhoto>, params: Record<string, string>): Promise<boolean> {
    // Best first: the first photo takes the largest cell.
    const chosen = pickBest(event.photos.filter(isStill), (p) => p.rank, COLLAGE_MAX_PHOTOS);
    if (chosen.length < COLLAGE_MIN_PHOTOS) return false;
    const boxes = await faceBoxes(this.d.db, chosen.map((p) => p.id));
    const before = process.cpuUsage();
    const photos = [];
    for (const p of chosen) photos.push({ image: await buffer((await this.d.blobs.get(p.preview_key!)).stream), focus: boxes.get(p.id) });
    const collage = await renderCollage({ photos, size: COLLAGE_SIZE });
    const used = process.cpuUsage(before);
    await ctx.budget.charge((used.user + used.system) / 1000);

    const id = newId();
    const key = ForyouItems.resultKey(ctx.accountId, id, 'jpg');
    const stored = await this.d.blobs.put(key, Readable.from([collage.image]), { contentType: 'image/jpeg' });
    const meta: ResultMeta = { contentType: 'image/jpeg', width: collage.width, height: collage.height, durationMs: null, bytes: stored.size };
    const inserted = await repo.insertItem(
      this.d.db,
      {
        id,
        account_id: ctx.accountId,
        kind: 'COLLAGE',
        status: 'NEW',
        key: collageKey(event),
        title_params: JSON.stringify({ key: 'collage', params }),
        cover_file_id: chosen[0]!.id,
        result_key: key,
        result_meta: JSON.stringify(meta),
        created_at: ctx.at,
        // Stays until saved or dismissed: the event's key keeps it from being made twice.
        expires_at: null,
      },
      chosen.map((p) => p.id),
    );
    if (!inserted) await this.d.blobs.delete(key).catch(() => undefined);
    return inserted;
  }
}

/** A photo (not a video) with a preview to draw from. */
const isStill = (p: LibraryPhoto) => p.media_kind === MEDIA_KIND.image && p.preview_key !== null;
