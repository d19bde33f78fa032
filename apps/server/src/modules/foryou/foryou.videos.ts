// Memory videos (For you, kind VIDEO): an ffmpeg slideshow with a title card in the account's language, made from the
// year in review's photos and from each recent trip album's. Rules in docs/decisions.md "For you — stories and memory
// videos".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { isVideoRenderingAvailable, renderMemoryVideo, type VideoPhoto } from '../../infra/render/index.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.identity.public.js';
import type { FileRow } from '../files/files.public.js';
import { faceBoxes, faceCounts } from '../people/people.public.js';
import type { ForyouGenerator, GenerateContext, GeneratorDeps } from './foryou.generator.js';
import { ForyouItems } from './foryou.items.js';
import * as kinds from './foryou.kinds.repository.js';
import * as repo from './foryou.repository.js';
import type { ForyouTitleDto } from './foryou.schemas.js';
import { pickBest, rank } from './foryou.service.js';
import { yearInReview } from './foryou.stories.js';
import type { ForyouItemRow, ResultMeta } from './foryou.table.js';
import { dateRange, videoLanguage, videoTitle } from './foryou.video-titles.js';

export const VIDEO_MAX_PHOTOS = 20;
/** Fewer photos than this make a video not worth watching. */
export const VIDEO_MIN_PHOTOS = 3;
export const VIDEO_SIZE = { w: 1280, h: 720 };
export const VIDEO_FPS = 25;
/** A memory video's height (its width follows at 16:9) and frame rate: FORYOU_VIDEO_HEIGHT and FORYOU_VIDEO_FPS. */
export interface VideoFormat {
  height: number;
  fps: number;
}
/** The output size for a height: 16:9, both sides even (as yuv420p needs). */
export const videoSize = (height: number) => ({ w: Math.round((height * 16) / 9 / 2) * 2, h: Math.round(height / 2) * 2 });
export const VIDEO_SECONDS_PER_PHOTO = 3;
export const VIDEO_TITLE_SECONDS = 2.5;
/**
 * CPU a run must have left to start a render: a 20-photo 1280×720 video costs about this much on one core (bench/
 * foryou.mjs), so a short budget skips the render until a fresh day rather than overspending it.
 */
export const VIDEO_MIN_BUDGET_MS = 30_000;
/** Videos rendered per generation run: the rest wait for the next run. */
const VIDEOS_PER_RUN = 1;
/** Trip albums made this recently get a video; the video is offered until the trip album is 60 days old. */
const TRIP_SOURCE_DAYS = 30;
const TRIP_VIDEO_DAYS = 60;
const TRIPS_READ = 20;

/** Something a memory video is made of: its source item and that item's live photos. */
interface Source {
  key: string;
  of: 'yearInReview' | 'trip';
  item: ForyouItemRow;
  title: ForyouTitleDto;
  expiresAt: number;
}

export class VideoGenerator implements ForyouGenerator {
  readonly kind = 'VIDEO' as const;

  private readonly size: { w: number; h: number };
  private readonly fps: number;

  constructor(
    private readonly d: GeneratorDeps,
    format: VideoFormat = { height: VIDEO_SIZE.h, fps: VIDEO_FPS },
  ) {
    this.size = videoSize(format.height);
    this.fps = format.fps;
  }

  async generate(ctx: GenerateContext): Promise<number> {
    // No ffmpeg on this host: no video is offered at all (the other kinds go on).
    if (!isVideoRenderingAvailable()) return 0;
    let made = 0;
    for (const source of await this.sources(ctx)) {
      if (made >= VIDEOS_PER_RUN) break;
      if (await kinds.getItemByKey(this.d.db, ctx.accountId, 'VIDEO', source.key)) continue;
      if ((await ctx.budget.left()) < VIDEO_MIN_BUDGET_MS) break;
      if (await this.make(ctx, source)) made++;
    }
    return made;
  }

  /** The year in review being offered, then the trip albums made lately, newest first. */
  private async sources(ctx: GenerateContext): Promise<Source[]> {
    const out: Source[] = [];
    const year = yearInReview(ctx.at);
    const story = year && (await kinds.getItemByKey(this.d.db, ctx.accountId, 'STORY', year.key));
    if (story && story.status !== 'DISMISSED' && (story.expires_at === null || Number(story.expires_at) > ctx.at)) {
      out.push({ key: `video:${story.key}`, of: 'yearInReview', item: story, title: parseTitle(story), expiresAt: Number(story.expires_at ?? year.expiresAt) });
    }
    for (const album of await kinds.recentItems(this.d.db, ctx.accountId, 'ALBUM', ctx.at - days(TRIP_SOURCE_DAYS), TRIPS_READ)) {
      const title = parseTitle(album);
      if (title.key !== 'trip') continue;
      out.push({ key: `video:${album.key}`, of: 'trip', item: album, title, expiresAt: Number(album.created_at) + days(TRIP_VIDEO_DAYS) });
    }
    return out;
  }

  private async make(ctx: GenerateContext, source: Source): Promise<boolean> {
    const photos = (await repo.livePhotos(this.d.db, [source.item.id])).filter((p) => p.preview_key);
    const chosen = await this.choose(photos);
    if (chosen.length < VIDEO_MIN_PHOTOS) return false;
    const account = await accounts.getById(this.d.db, ctx.accountId);
    const language = videoLanguage(account?.language);
    const p = source.title.params;
    const title = videoTitle(language, source.of, p);
    const subtitle = source.of === 'trip' && typeof p.date === 'string' ? dateRange(language, p.date, String(p.endDate ?? p.date)) : undefined;

    const before = process.cpuUsage();
    const boxes = await faceBoxes(this.d.db, chosen.map((c) => c.id));
    const images: VideoPhoto[] = [];
    for (const photo of chosen) images.push({ image: await buffer((await this.d.blobs.get(photo.preview_key!)).stream), focus: boxes.get(photo.id) });
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bulut-foryou-video-'));
    const id = newId();
    const key = ForyouItems.resultKey(ctx.accountId, id, 'mp4');
    try {
      const output = path.join(dir, 'video.mp4');
      const video = await renderMemoryVideo({
        photos: images,
        title,
        subtitle,
        size: this.size,
        fps: this.fps,
        secondsPerPhoto: VIDEO_SECONDS_PER_PHOTO,
        titleSeconds: VIDEO_TITLE_SECONDS,
        output,
      });
      const used = process.cpuUsage(before);
      // sharp's share (this process, libvips threads included) and ffmpeg's own CPU time.
      await ctx.budget.charge((used.user + used.system) / 1000 + video.ffmpegCpuMs);
      const stored = await this.d.blobs.put(key, fs.createReadStream(output));
      const meta: ResultMeta = { contentType: 'video/mp4', width: video.width, height: video.height, durationMs: video.durationMs, bytes: stored.size };
      // The source's own title (the web's yearInReview / trip sentences); the row says it is a video.
      const videoTitleParams: ForyouTitleDto = { key: source.of, params: p };
      const inserted = await repo.insertItem(
        this.d.db,
        {
          id,
          account_id: ctx.accountId,
          kind: 'VIDEO',
          status: 'NEW',
          key: source.key,
          title_params: JSON.stringify(videoTitleParams),
          cover_file_id: [...chosen].sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id))[0]!.id,
          result_key: key,
          result_meta: JSON.stringify(meta),
          created_at: ctx.at,
          expires_at: source.expiresAt,
        },
        chosen.map((c) => c.id),
      );
      // Made meanwhile by another run: this copy of the video goes.
      if (!inserted) await this.d.blobs.delete(key).catch(() => undefined);
      return inserted;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  /** Up to VIDEO_MAX_PHOTOS of the best photos, one per burst, in time order. */
  private async choose(photos: readonly FileRow[]): Promise<Array<FileRow & { taken_at: number; rank: number }>> {
    const ids = photos.map((p) => p.id);
    const [scores, faces] = await Promise.all([kinds.scoresOf(this.d.db, ids), faceCounts(this.d.db, ids)]);
    const ranked = photos.map((p) => ({ ...p, taken_at: Number(p.taken_at ?? p.created_at), rank: rank(scores.get(p.id) ?? null, faces.get(p.id) ?? 0) }));
    return pickBest(ranked, (p) => p.rank, VIDEO_MAX_PHOTOS).sort((a, b) => a.taken_at - b.taken_at || a.id.localeCompare(b.id));
  }
}

function parseTitle(row: ForyouItemRow): ForyouTitleDto {
  try {
    const t = JSON.parse(row.title_params) as Partial<ForyouTitleDto>;
    return { key: String(t.key ?? ''), params: t.params ?? {} };
  } catch {
    return { key: '', params: {} };
  }
}
