import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { ANIMATION_MAX_FRAMES, renderAnimation } from '../../infra/render/index.js';
import { newId } from '../../shared/tokens.js';
import { faceCounts } from '../people/people.public.js';
import type { ForyouGenerator, GenerateContext, GeneratorDeps } from './foryou.generator.js';
import { ForyouItems } from './foryou.items.js';
import * as kinds from './foryou.kinds.repository.js';
import * as repo from './foryou.repository.js';
import { dayKey, rank } from './foryou.service.js';
import type { ResultMeta } from './foryou.table.js';

/** Consecutive photos taken at most this far apart are one burst (docs/decisions.md "For you — animations and styled photos"). */
export const BURST_GAP_MS = 2_000;
/** A burst needs this many photos to move. */
export const BURST_MIN_PHOTOS = 3;
/** Each frame shows this long: 5 frames a second, lively yet every frame is seen. */
export const ANIMATION_DELAY_MS = 200;
/** Long side of an animation: sharp on a phone, a few hundred KB as WebP. */
export const ANIMATION_LONG_SIDE = 1080;
/** Animations one run makes at most; the next run (daily, or after the next upload) goes on. */
const PER_RUN = 3;
/** The account's latest photos looked at for bursts in one run. */
const SCAN_LIMIT = 2_000;

type Photo = kinds.ImageCandidate;

/** Runs of photos in time order whose consecutive gaps are at most BURST_GAP_MS, BURST_MIN_PHOTOS long or more. */
export function findBursts<T extends { id: string; taken_at: number }>(photos: readonly T[]): T[][] {
  const inOrder = [...photos].sort((a, b) => a.taken_at - b.taken_at || a.id.localeCompare(b.id));
  const bursts: T[][] = [];
  let run: T[] = [];
  for (const p of inOrder) {
    const last = run[run.length - 1];
    if (last && p.taken_at - last.taken_at > BURST_GAP_MS) {
      if (run.length >= BURST_MIN_PHOTOS) bursts.push(run);
      run = [];
    }
    run.push(p);
  }
  if (run.length >= BURST_MIN_PHOTOS) bursts.push(run);
  return bursts;
}

/** At most `max` of the frames, evenly spread over the whole run, first and last kept. */
export function thin<T>(frames: readonly T[], max: number): T[] {
  if (frames.length <= max) return [...frames];
  return Array.from({ length: max }, (_, i) => frames[Math.round((i * (frames.length - 1)) / (max - 1))] as T);
}

/**
 * ANIMATION: a burst (photos of a moment, seconds apart) played as a looping animated WebP. WebP rather than MP4 even
 * where ffmpeg is present: an <img> plays and loops it with no player, it renders without ffmpeg, and a saved one is a
 * picture in the gallery.
 */
export class AnimationsGenerator implements ForyouGenerator {
  readonly kind = 'ANIMATION' as const;

  constructor(private readonly d: GeneratorDeps) {}

  async generate(ctx: GenerateContext): Promise<number> {
    const latest = await kinds.eligibleImages(this.d.db, ctx.accountId, { order: 'taken_at', limit: SCAN_LIMIT });
    let bursts = findBursts(latest);
    // A full window may cut the oldest burst; it is complete in no run, so it is left alone.
    const oldest = latest[latest.length - 1];
    if (latest.length === SCAN_LIMIT && oldest) bursts = bursts.filter((b) => !b.includes(oldest));
    bursts.reverse(); // newest first
    const existing = await kinds.existingKeys(this.d.db, ctx.accountId, this.kind, bursts.map(keyOf));
    let made = 0;
    for (const burst of bursts) {
      if (made >= PER_RUN) break;
      if (existing.has(keyOf(burst))) continue;
      if ((await ctx.budget.left()) <= 0) break;
      if (await this.make(ctx, burst)) made++;
    }
    return made;
  }

  private async make(ctx: GenerateContext, burst: Photo[]): Promise<boolean> {
    const chosen = thin(burst, ANIMATION_MAX_FRAMES);
    const before = process.cpuUsage();
    let image: Buffer;
    let meta: ResultMeta;
    const frames: Photo[] = [];
    try {
      const pixels: Buffer[] = [];
      for (const p of chosen) {
        // The 1440 px preview: oriented, already larger than the animation, and far cheaper to decode than the original.
        const bytes = await this.read(p.preview_key!).catch(() => null);
        if (!bytes) continue; // an unreadable frame is left out
        pixels.push(bytes);
        frames.push(p);
      }
      if (frames.length < BURST_MIN_PHOTOS) return false;
      const first = await sharp(pixels[0]).metadata();
      const long = Math.min(ANIMATION_LONG_SIDE, Math.max(first.width ?? 0, first.height ?? 0) || ANIMATION_LONG_SIDE);
      const out = await renderAnimation({ frames: pixels, delayMs: ANIMATION_DELAY_MS, size: long, loop: true });
      image = out.image;
      meta = { contentType: 'image/webp', width: out.width, height: out.height, durationMs: out.frames * ANIMATION_DELAY_MS, bytes: out.image.length };
    } finally {
      const used = process.cpuUsage(before);
      await ctx.budget.charge((used.user + used.system) / 1000);
    }
    const faces = await faceCounts(this.d.db, frames.map((f) => f.id));
    const cover = [...frames].sort((a, b) => rank(b.score, faces.get(b.id) ?? 0) - rank(a.score, faces.get(a.id) ?? 0))[0]!;
    const id = newId();
    const resultKey = ForyouItems.resultKey(ctx.accountId, id, 'webp');
    await this.d.blobs.put(resultKey, Readable.from([image]), { contentType: 'image/webp' });
    const inserted = await repo
      .insertItem(
        this.d.db,
        {
          id,
          account_id: ctx.accountId,
          kind: this.kind,
          status: 'NEW',
          key: keyOf(burst),
          title_params: JSON.stringify({ key: 'animation', params: { date: dayKey(frames[0]!.taken_day) } }),
          cover_file_id: cover.id,
          result_key: resultKey,
          result_meta: JSON.stringify(meta),
          saved_ref: null,
          source_file_id: null,
          created_at: ctx.at,
          // Offered until kept or dismissed: an expired item would be deleted, and its key with it, so made again.
          expires_at: null,
        },
        frames.map((f) => f.id),
      )
      .catch(async (err: unknown) => {
        await this.d.blobs.delete(resultKey).catch(() => undefined);
        throw err;
      });
    // Another run made it meanwhile: this copy goes.
    if (!inserted) await this.d.blobs.delete(resultKey).catch(() => undefined);
    return inserted;
  }

  private async read(key: string): Promise<Buffer> {
    return buffer((await this.d.blobs.get(key)).stream);
  }
}

/** A burst is known by its first photo: running again (or after a dismissal) never makes it twice. */
const keyOf = (burst: readonly Photo[]) => `animation:${burst[0]!.id}`;
