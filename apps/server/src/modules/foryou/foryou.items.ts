import { PassThrough, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { BlobNotFoundError } from '../../infra/blob-store/blob-store.js';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { assertWritable } from '../../shared/access.js';
import { utcDay } from '../../shared/days.js';
import { Conflict, NotFound } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import type { Language } from '../../shared/schemas.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.quota.public.js';
import { parseRange, type ByteRange } from '../download/download.public.js';
import * as files from '../files/files.public.js';
import { MEDIA_PROCESS_JOB, mediaKindOf, NO_MEDIA } from '../media/media.public.js';
import { placeNamesFor, toCoverPhoto } from '../places/places.public.js';
import type { Auth, Budget, ForyouGenerator, Saved } from './foryou.generator.js';
import * as repo from './foryou.repository.js';
import type { ForyouItemDetailDto, ForyouItemDto, ForyouItemListDto, ForyouTitleDto, SaveResultDto } from './foryou.schemas.js';
import type { ForyouItemRow, ForyouKind, ResultMeta } from './foryou.table.js';

export const FORYOU_GENERATE_JOB = 'foryou.generate';
/** New photos settle this long before generation runs for the account (an upload of 300 photos makes one run). */
export const SETTLE_MS = 2 * 60_000;
const NOT_FOUND = 'Item not found.';
const ItemNotFound = () => NotFound(NOT_FOUND);

export interface ItemsDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  signer: UrlSigner;
  links: files.DerivativeLinks | null;
  clock: () => number;
  generators: readonly ForyouGenerator[];
  /** The account's CPU allowance for a day (the quality job shares it). */
  budget: (accountId: string, at: number) => Budget;
}

/** A result's bytes: all of them (range null), one range of them, or none (416). */
export type MediaAnswer = { meta: ResultMeta; range: ByteRange | null; stream: Readable } | { meta: ResultMeta; range: 'unsatisfiable'; stream: null };

/** Which items a list shows: the ones offered (not yet kept or dismissed) or the ones the user kept. */
export type Shelf = 'offered' | 'saved';

/**
 * Every kind of For-you item past its making: the generate job that runs the generators, lists, opening, keeping,
 * dismissing, and the signed links to rendered results (docs/decisions.md "For you — items").
 */
export class ForyouItems {
  constructor(private readonly d: ItemsDeps) {}

  // --- generation

  /** Queues a generation run for the account after photos settle, unless one is already waiting. */
  async requestGeneration(executor: Parameters<JobQueue['enqueue']>[0], accountId: string, delayMs = SETTLE_MS): Promise<void> {
    if (await repo.generationQueued(executor, FORYOU_GENERATE_JOB, accountId)) return;
    await this.d.jobs.enqueue(executor, FORYOU_GENERATE_JOB, { accountId }, { fairKey: accountId, runAt: Date.now() + delayMs });
  }

  /** The job: every generator in turn while the day's budget lasts; a failing generator does not stop the others. */
  async generate(accountId: string): Promise<Record<string, number>> {
    const at = this.d.clock();
    const budget = this.d.budget(accountId, at);
    const made: Record<string, number> = {};
    let failure: unknown = null;
    for (const g of this.d.generators) {
      if ((await budget.left()) <= 0) break;
      try {
        made[g.kind] = await g.generate({ accountId, at, budget });
      } catch (err) {
        // The others still run; the job then fails so it is retried (items already made are skipped by their keys).
        failure ??= err;
      }
    }
    if (failure !== null) throw failure;
    return made;
  }

  // --- reading

  async list(auth: Auth, kinds: readonly ForyouKind[], shelf: Shelf, page: number, size: number, language?: Language): Promise<ForyouItemListDto> {
    const at = this.d.clock();
    const rows = await repo.listShelf(this.d.db, auth.accountId, kinds, shelf === 'saved', at, page * size, size + 1);
    const photos = await repo.livePhotosByItem(this.d.db, rows.map((r) => r.id));
    const places = await this.placeNames(auth, rows.slice(0, size), language);
    const items = rows.slice(0, size).flatMap((r) => this.present(r, photos.get(r.id) ?? [], places) ?? []);
    return { items, hasMore: rows.length > size };
  }

  /** An item with its photos; opening it marks it seen. */
  async detail(auth: Auth, id: string, kinds?: readonly ForyouKind[], language?: Language): Promise<ForyouItemDetailDto> {
    const row = await this.own(auth, id, kinds);
    const photos = (await repo.livePhotosByItem(this.d.db, [id])).get(id) ?? [];
    if (row.status === 'NEW') {
      await repo.setStatus(this.d.db, id, 'SEEN');
      row.status = 'SEEN';
    }
    const item = this.present(row, photos, await this.placeNames(auth, [row], language));
    if (!item) throw ItemNotFound();
    return { item, fileList: photos.map((f) => files.toFileItem(f, auth.projectId, this.d.links)) };
  }

  // --- keeping and dismissing

  /**
   * Keeps an item: a rendered result becomes a file in the user's files (`name` from the web, in the user's
   * language), a generated album an album (its generator's save), a story stays past its expiry. Saving twice answers
   * the first save's result.
   */
  async save(
    auth: Auth,
    id: string,
    input: { name?: string; folderUuid?: string },
    kinds?: readonly ForyouKind[],
    language?: Language,
  ): Promise<SaveResultDto> {
    assertWritable(auth);
    const row = await this.own(auth, id, kinds);
    const photos = (await repo.livePhotosByItem(this.d.db, [id])).get(id) ?? [];
    if (!row.saved_ref && row.status !== 'SAVED') {
      const generator = this.d.generators.find((g) => g.kind === row.kind);
      let saved: Saved = {};
      if (generator?.save) saved = await generator.save(auth, row, photos, input);
      else if (row.result_key) saved = { fileId: await this.saveResultAsFile(auth, row, input) };
      const ref = saved.fileId ?? saved.albumId ?? null;
      if (!(await repo.markSaved(this.d.db, id, ref))) throw Conflict('FORYOU_ALREADY_SAVED', 'This item was saved at the same time.');
      row.status = 'SAVED';
      row.saved_ref = ref;
    }
    const item = this.present(row, photos, await this.placeNames(auth, [row], language));
    if (!item) throw ItemNotFound();
    return { item, savedFileUuid: item.savedFileUuid, savedAlbumUuid: item.savedAlbumUuid };
  }

  /** Dismisses an item: it leaves every list; its rendered blob goes (what saving made stays). */
  async dismiss(auth: Auth, id: string, kinds?: readonly ForyouKind[]): Promise<void> {
    const row = await this.own(auth, id, kinds);
    await repo.setStatus(this.d.db, id, 'DISMISSED');
    if (row.result_key) await this.d.blobs.delete(row.result_key).catch(() => undefined);
  }

  /**
   * The bytes behind a signed result link, or the byte range asked for (a <video> seeks with ranges); one answer for
   * anything that is not a live item's result.
   */
  async openMedia(token: string, rangeHeader?: string): Promise<MediaAnswer> {
    const claims = await this.d.signer.verify('foryou', token, this.d.clock()); // the clock that signed the link
    if (!claims || typeof claims.a !== 'string' || typeof claims.i !== 'string') throw NotFound('Not found.');
    const row = await repo.getItem(this.d.db, claims.a, claims.i);
    if (!row?.result_key || !row.result_meta || row.status === 'DISMISSED') throw NotFound('Not found.');
    const meta = JSON.parse(row.result_meta) as ResultMeta;
    const range = parseRange(rangeHeader, meta.bytes);
    if (range === 'unsatisfiable') return { meta, range, stream: null };
    try {
      return { meta, range, stream: (await this.d.blobs.get(row.result_key, range ?? undefined)).stream };
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw NotFound('Not found.');
      throw err;
    }
  }

  // --- shared with the generators

  /** Where a generator puts an item's rendered result. */
  static resultKey(accountId: string, itemId: string, ext: string): string {
    return `users/${accountId}/foryou/${itemId}.${ext}`;
  }

  private async own(auth: Auth, id: string, kinds?: readonly ForyouKind[]): Promise<ForyouItemRow> {
    const row = await repo.getItem(this.d.db, auth.accountId, id);
    if (!row || row.status === 'DISMISSED' || (kinds && !kinds.includes(row.kind))) throw ItemNotFound();
    return row;
  }

  /** Copies the rendered result into a new file (quota checked), processed like an upload (thumbnails, facts). */
  private async saveResultAsFile(auth: Auth, row: ForyouItemRow, input: { name?: string; folderUuid?: string }): Promise<string> {
    const meta = JSON.parse(row.result_meta ?? '{}') as Partial<ResultMeta>;
    const contentType = meta.contentType ?? 'application/octet-stream';
    const ext = contentType === 'video/mp4' ? 'mp4' : contentType === 'image/webp' ? 'webp' : 'jpg';
    const name = validateName(input.name ?? `${row.kind.toLowerCase()}-${new Date(Number(row.created_at)).toISOString().slice(0, 10)}.${ext}`, 'name');
    const target = input.folderUuid ?? files.ROOT;
    if (target !== files.ROOT && !(await files.getActiveFolder(this.d.db, auth.accountId, target))) throw NotFound('Folder not found.');
    const fileId = newId();
    const key = files.fileBlobKey(auth.accountId, fileId);
    const source = await this.d.blobs.get(row.result_key!);
    const body = new PassThrough();
    source.stream.pipe(body);
    const stored = await this.d.blobs.put(key, body);
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (!(await accounts.reserveQuota(trx, auth.accountId, stored.size))) throw accounts.QuotaExceeded();
        await accounts.commitQuota(trx, auth.accountId, stored.size, stored.size);
        const at = this.d.clock();
        const free = await files.freeNameInFolder(trx, auth.accountId, target, name, false);
        await files.insertFile(trx, newFileRow({ id: fileId, accountId: auth.accountId, parentId: target, name: free, key, bytes: stored.size, sha256: stored.sha256, contentType, at }));
        await this.d.jobs.enqueue(trx, MEDIA_PROCESS_JOB, { fileId }, { fairKey: auth.accountId });
        await files.recordActivity(trx, auth.accountId, [{ id: fileId, name: free, is_folder: 0 }], 'UPLOADED');
      });
    } catch (err) {
      // Nothing visible and quota exact: the copied bytes go when the row did not land.
      await this.d.blobs.delete(key).catch(() => undefined);
      throw err;
    }
    return fileId;
  }

  /** The names, in the reader's language, of the places these items' titles name (one read for a page). */
  private async placeNames(auth: Auth, rows: readonly ForyouItemRow[], language: Language | undefined): Promise<Map<string, string>> {
    const ids = rows.flatMap((r) => {
      const placeId = parseTitle(r).params.placeId;
      return typeof placeId === 'string' ? [placeId] : [];
    });
    return placeNamesFor(this.d.db, auth.accountId, [...new Set(ids)], language);
  }

  /** The item as lists show it; null when none of its photos is live any more (a styled photo: its source). */
  present(row: ForyouItemRow, photos: readonly files.FileRow[], places: ReadonlyMap<string, string> = new Map()): ForyouItemDto | null {
    if (photos.length === 0) return null;
    const videos = photos.filter((p) => p.media_kind === files.MEDIA_KIND.video).length;
    const meta = row.result_meta ? (JSON.parse(row.result_meta) as ResultMeta) : null;
    const signed =
      row.result_key && meta ? this.d.signer.signNow('foryou', { a: row.account_id, i: row.id, e: mediaExpiry(this.d.clock()) }) : null;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      title: localTitle(parseTitle(row), places),
      photoCount: photos.length,
      imageCount: photos.length - videos,
      videoCount: videos,
      coverPhoto: toCoverPhoto(photos.find((p) => p.id === row.cover_file_id) ?? photos[0], this.d.links),
      media: signed && meta ? { url: `/api/foryou/media/${signed}`, contentType: meta.contentType, width: meta.width, height: meta.height, durationMs: meta.durationMs, bytes: meta.bytes } : null,
      savedFileUuid: row.kind !== 'ALBUM' ? row.saved_ref : null,
      savedAlbumUuid: row.kind === 'ALBUM' ? row.saved_ref : null,
      createdDate: Number(row.created_at),
      expiresDate: row.expires_at === null ? null : Number(row.expires_at),
    };
  }
}

/** Years-ago rows store the bare params; every other kind stores {key, params}. */
function parseTitle(row: ForyouItemRow): ForyouTitleDto {
  const raw = JSON.parse(row.title_params) as Record<string, unknown>;
  if (row.kind === 'YEARS_AGO') return { key: 'yearsAgo', params: raw as ForyouTitleDto['params'] };
  return raw as unknown as ForyouTitleDto;
}

/** The title with its place named in the reader's language (a place since deleted keeps the name it was made with). */
function localTitle(title: ForyouTitleDto, places: ReadonlyMap<string, string>): ForyouTitleDto {
  const placeId = title.params.placeId;
  const name = typeof placeId === 'string' ? places.get(placeId) : undefined;
  return name === undefined ? title : { ...title, params: { ...title.params, place: name } };
}

/** Links stay valid at least a day and are stable within it (browser-cacheable), like the media links. */
const mediaExpiry = (at: number) => Math.ceil((at + days(1)) / days(1)) * days(1);

function newFileRow(f: { id: string; accountId: string; parentId: string; name: string; key: string; bytes: number; sha256: string; contentType: string; at: number }): files.NewFile {
  return {
    id: f.id,
    account_id: f.accountId,
    parent_id: f.parentId,
    name: f.name,
    name_key: nameKey(f.name),
    is_folder: 0,
    bytes: f.bytes,
    content_type: f.contentType,
    document_type: null,
    blob_key: f.key,
    sha256: f.sha256,
    favourite: 0,
    hidden: 0,
    description: null,
    status: 'ACTIVE',
    trashed_at: null,
    trash_root_id: null,
    // Kept by the user from the web app's For-you page.
    device_type: 'WEB',
    created_at: f.at,
    last_modified_at: f.at,
    ...NO_MEDIA,
    media_status: 'PENDING',
    taken_at: f.at,
    taken_day: utcDay(f.at),
    media_kind: mediaKindOf(f.contentType),
    video_slideshow: 0,
  };
}
