import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { PHOTO_STYLES, renderStyled, type PhotoStyle } from '../../infra/render/index.js';
import { assertWritable } from '../../shared/access.js';
import { utcDay } from '../../shared/days.js';
import { AppError, BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.plan.public.js';
import * as files from '../files/files.public.js';
import { faceCounts } from '../people/people.public.js';
import type { Auth, ForyouGenerator, GenerateContext, GeneratorDeps } from './foryou.generator.js';
import { ForyouItems } from './foryou.items.js';
import * as kinds from './foryou.kinds.repository.js';
import * as repo from './foryou.repository.js';
import type { AiQuotaDto, StyledResultDto } from './foryou.styled.schemas.js';
import type { ForyouItemDto } from './foryou.schemas.js';
import { pickBest, rank } from './foryou.service.js';
import type { ForyouItemRow, NewForyouItem, ResultMeta } from './foryou.table.js';

/** Styled photos an account may make itself in a UTC month (docs/decisions.md "For you — animations and styled photos"). */
export const STYLED_MONTHLY_LIMIT = 10;
export const STYLED_MONTHLY_LIMIT_PREMIUM = 50;
/** Styled versions the generator offers an account a day (not counted against its quota). */
export const STYLED_OFFERS_PER_DAY = 2;
/** Offers come from photos taken in the last this many days. */
const OFFER_WINDOW_DAYS = 30;
/** Long side of a styled photo: the render's cost grows with pixels, and 2048 px fills any screen. */
const STYLED_MAX_SIZE = 2048;

/** The month's styled photos are used up: 429 with Retry-After until the month ends, like a sign-in lock-out. */
export class AiQuotaExceeded extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'AI_QUOTA_EXCEEDED', "This month's styled photos are used up.");
  }
}

export interface StyledDeps extends GeneratorDeps {
  clock: () => number;
  /** The generic item shape (ForyouItems.present), built after this generator. */
  present: (row: ForyouItemRow, photos: readonly files.FileRow[]) => ForyouItemDto | null;
}

/**
 * STYLED: a photo redrawn with a classic image filter (infra/render styles — tone curves and channel mixes, not a
 * generative model). The generator offers a few of the account's best recent photos a day for free; the user makes
 * more on request (`PUT /assistant/v1/{photo id}`), counted against a monthly quota.
 */
export class StyledPhotos implements ForyouGenerator {
  readonly kind = 'STYLED' as const;

  constructor(private readonly d: StyledDeps) {}

  // --- offers

  async generate(ctx: GenerateContext): Promise<number> {
    const dayStart = ctx.at - (ctx.at % days(1));
    const room = STYLED_OFFERS_PER_DAY - (await kinds.countMadeSince(this.d.db, ctx.accountId, this.kind, OFFER_PREFIX, dayStart));
    if (room <= 0) return 0;
    const window = Array.from({ length: OFFER_WINDOW_DAYS }, (_, i) => utcDay(ctx.at - days(i)));
    const found = await kinds.eligibleImages(this.d.db, ctx.accountId, { order: 'score', days: window, limit: 200 });
    const faces = await faceCounts(this.d.db, found.map((c) => c.id));
    const best = pickBest(found, (c) => rank(c.score, faces.get(c.id) ?? 0), 20);
    const existing = await kinds.existingKeys(this.d.db, ctx.accountId, this.kind, best.map((p) => offerKey(p.id)));
    const fresh = best.filter((p) => !existing.has(offerKey(p.id))).slice(0, room);
    let made = 0;
    for (const [i, photo] of fresh.entries()) {
      if ((await ctx.budget.left()) <= 0) break;
      // A different style each day and for each offer of the day.
      const style = PHOTO_STYLES[(Math.floor(ctx.at / days(1)) + i) % PHOTO_STYLES.length] as PhotoStyle;
      const before = process.cpuUsage();
      const id = newId();
      let result: Rendered | null;
      try {
        result = await this.render(ctx.accountId, id, photo, style);
      } finally {
        const used = process.cpuUsage(before);
        await ctx.budget.charge((used.user + used.system) / 1000);
      }
      if (!result) continue;
      const inserted = await repo.insertItem(this.d.db, this.row(ctx.accountId, id, offerKey(photo.id), photo.id, style, result, ctx.at), [photo.id]);
      if (inserted) made++;
      else await this.d.blobs.delete(result.key).catch(() => undefined);
    }
    return made;
  }

  // --- the user's own

  async quota(auth: Pick<Auth, 'accountId'>): Promise<AiQuotaDto> {
    const at = this.d.clock();
    const limit = await this.limitOf(auth.accountId);
    const used = await kinds.styledUsed(this.d.db, auth.accountId, monthOf(at));
    return { limit, used, remaining: Math.max(0, limit - used), resetDate: nextMonth(at) };
  }

  /**
   * Makes the photo's version in `style` (again, if one was made: the new one replaces it under a new id) and counts it
   * against the month's quota. Nothing is made or counted when the quota is used up.
   */
  async make(auth: Auth, fileId: string, style: PhotoStyle): Promise<StyledResultDto> {
    assertWritable(auth);
    const photo = await files.getById(this.d.db, auth.accountId, fileId);
    // Hidden or trashed photos are not offered anywhere in For you, so they cannot be styled either.
    if (!photo || photo.is_folder === 1 || photo.status !== 'ACTIVE' || photo.hidden === 1) throw NotFound('File not found.');
    if (photo.media_kind !== files.MEDIA_KIND.image) throw BadRequest('NOT_A_PHOTO', 'Only photos can be styled.');
    if (photo.media_status !== 'READY') throw Conflict('PHOTO_NOT_READY', 'This photo is still being processed.');
    const at = this.d.clock();
    const month = monthOf(at);
    const limit = await this.limitOf(auth.accountId);
    // Checked before the render, so a refused request costs nothing; counted with the item, so a race cannot overshoot.
    if ((await kinds.styledUsed(this.d.db, auth.accountId, month)) >= limit) throw this.quotaExceeded(at);
    const id = newId();
    const result = await this.render(auth.accountId, id, photo, style);
    if (!result) throw BadRequest('NOT_A_PHOTO', 'This photo cannot be read.');
    const key = userKey(fileId, style);
    let replaced: ForyouItemRow | undefined;
    const row = this.row(auth.accountId, id, key, fileId, style, result, at);
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (!(await kinds.useStyled(trx, auth.accountId, month, limit))) throw this.quotaExceeded(at);
        replaced = await kinds.getItemByKey(trx, auth.accountId, this.kind, key);
        if (replaced) await kinds.deleteItem(trx, replaced.id);
        if (!(await repo.insertItem(trx, row, [fileId]))) throw Conflict('STYLE_IN_PROGRESS', 'This style of the photo is being made already.');
      });
    } catch (err) {
      await this.d.blobs.delete(result.key).catch(() => undefined);
      throw err;
    }
    if (replaced?.result_key) await this.d.blobs.delete(replaced.result_key).catch(() => undefined);
    const item = this.d.present(row as ForyouItemRow, [photo]);
    if (!item) throw NotFound('File not found.');
    return { item, quota: await this.quota(auth) };
  }

  // --- shared

  private async limitOf(accountId: string): Promise<number> {
    return (await accounts.isPremium(this.d.db, accountId)) ? STYLED_MONTHLY_LIMIT_PREMIUM : STYLED_MONTHLY_LIMIT;
  }

  private quotaExceeded(at: number): AiQuotaExceeded {
    return new AiQuotaExceeded(Math.max(1, Math.ceil((nextMonth(at) - at) / 1000)));
  }

  /** Renders the style from the original (the preview when the original cannot be read) and stores it; null: unreadable. */
  private async render(accountId: string, itemId: string, photo: { blob_key: string | null; preview_key: string | null }, style: PhotoStyle): Promise<Rendered | null> {
    let image: Buffer | null = null;
    for (const source of [photo.blob_key, photo.preview_key]) {
      if (!source) continue;
      image = await this.read(source)
        .then((bytes) => renderStyled(bytes, style, { maxSize: STYLED_MAX_SIZE }))
        .catch(() => null);
      if (image) break;
    }
    if (!image) return null;
    const info = await sharp(image).metadata();
    const key = ForyouItems.resultKey(accountId, itemId, 'jpg');
    await this.d.blobs.put(key, Readable.from([image]), { contentType: 'image/jpeg' });
    return { key, meta: { contentType: 'image/jpeg', width: info.width ?? 0, height: info.height ?? 0, durationMs: null, bytes: image.length } };
  }

  private row(accountId: string, id: string, key: string, fileId: string, style: PhotoStyle, result: Rendered, at: number): NewForyouItem {
    return {
      id,
      account_id: accountId,
      kind: this.kind,
      status: 'NEW',
      key,
      title_params: JSON.stringify({ key: 'styled', params: { style } }),
      cover_file_id: fileId,
      result_key: result.key,
      result_meta: JSON.stringify(result.meta),
      saved_ref: null,
      // The item goes with its photo when that is deleted for good (foreign key), and is not listed while it is not live.
      source_file_id: fileId,
      created_at: at,
      // Stays until kept or dismissed: an expired row would be deleted, and its key with it, so offered again.
      expires_at: null,
    };
  }

  private async read(key: string): Promise<Buffer> {
    return buffer((await this.d.blobs.get(key)).stream);
  }
}

interface Rendered {
  key: string;
  meta: ResultMeta;
}

const OFFER_PREFIX = 'styled:';
/** One offer per photo ever (a dismissed one is not offered again in another style). */
const offerKey = (fileId: string) => `${OFFER_PREFIX}${fileId}`;
/** One user-made version per photo and style: making it again replaces it. */
const userKey = (fileId: string, style: PhotoStyle) => `user:${fileId}:${style}`;

const monthOf = (at: number) => {
  const d = new Date(at);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
};
/** The first instant of the next UTC month, when the quota starts again. */
const nextMonth = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
