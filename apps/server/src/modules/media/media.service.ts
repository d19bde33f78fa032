import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import exifr from 'exifr';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/blob-store.js';
import { NotFound } from '../../shared/errors.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { localDay } from '../../shared/days.js';
import * as files from '../files/files.public.js';
import type { FileRow, MediaFacts } from '../files/files.public.js';
import { cameraName, coordinate, exifDate, exifDay, isHeif, isVideo, previewKey, smallThumbKey, thumbKey } from './media.facts.js';
import { SMALL_CLAIM, type DerivativeKind } from './media.links.js';
import { decodeHeif, heifExifTiff, isHeifFile } from './media.heif.js';
import { renderImage, smallFromThumb, type Rendered } from './media.render.js';
import { hasTool, MediaDecodeError, posterFrame, probeVideo, withTempFile } from './media.tools.js';

/** EXIF lives near the start of JPEG and TIFF files; exifr reads only this much. */
const EXIF_HEAD_BYTES = 512 * 1024;
/** A HEIC is read whole into memory to decode; phone photos are a few MB. */
const HEIF_MAX_BYTES = 256 * 1024 ** 2;
const EXIF_OPTIONS = { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false, mergeOutput: true } as const;
const NOT_FOUND = 'File not found.';
/** Small thumbnails the backfill makes per run (every minute): each is cut from the ~250 px thumbnail in a few ms. */
export const SMALL_THUMB_BATCH = 200;

/** What a listener learns when a file's media processing has committed (in the same transaction). */
export interface ProcessedMedia {
  fileId: string;
  accountId: string;
  /** READY: the preview exists; FAILED: nothing could be decoded. */
  status: 'READY' | 'FAILED';
  kind: 'image' | 'video';
  /** The 1440 px WebP preview every analysis reads instead of the original (null when FAILED, or a video without ffmpeg). */
  previewKey: string | null;
  latitude: number | null;
  longitude: number | null;
  takenDay: number | null;
}

/**
 * Called inside the transaction that saves a file's media facts, so work that depends on them (recognition jobs,
 * place names) is enqueued or written together with them, or not at all.
 */
export type MediaProcessedListener = (trx: Executor, media: ProcessedMedia) => Promise<void>;

export interface MediaDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  signer: UrlSigner;
  logger: FastifyBaseLogger;
}

/**
 * Photos and videos after upload: facts (taken date, size, place, camera, duration), a thumbnail, a preview and a
 * ThumbHash placeholder. A file the decoders cannot read ends FAILED with the reason and is not retried; only
 * infrastructure failures (database, blob store) throw, so the queue retries them. The original is never touched.
 */
export class MediaService {
  private readonly listeners: MediaProcessedListener[] = [];

  constructor(private readonly d: MediaDeps) {}

  /** Modules that analyse photos further (people, places, things) register here when the app is assembled. */
  onProcessed(listener: MediaProcessedListener): void {
    this.listeners.push(listener);
  }

  async process(fileId: string): Promise<void> {
    const file = await files.getByIdUnscoped(this.d.db, fileId);
    if (!file?.blob_key || file.is_folder === 1 || file.media_status !== 'PENDING') return;
    let values: MediaFacts;
    const written: string[] = [];
    try {
      values = await this.extract(file, written);
    } catch (err) {
      if (!(err instanceof MediaDecodeError)) throw err;
      this.d.logger.info({ fileId, reason: err.message }, 'media processing failed');
      const at = Number(file.created_at);
      values = { media_status: 'FAILED', media_error: err.message.slice(0, 1000), taken_at: at, taken_day: localDay(at, file.time_zone) };
    }
    const saved = await this.d.db.transaction().execute(async (trx) => {
      // The row as saved: a date or place someone gave (a Takeout sidecar) stays over the file's own.
      const row = await files.saveMediaFacts(trx, file.id, values);
      if (!row) return false;
      const processed: ProcessedMedia = {
        fileId: file.id,
        accountId: file.account_id,
        status: values.media_status === 'READY' ? 'READY' : 'FAILED',
        kind: isVideo(file.content_type) ? 'video' : 'image',
        previewKey: values.preview_key ?? null,
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
        takenDay: row.taken_day === null ? null : Number(row.taken_day),
      };
      for (const listener of this.listeners) await listener(trx, processed);
      return true;
    });
    if (!saved) {
      // Deleted while we worked: nothing will purge what we wrote, so remove it now.
      await Promise.all(written.map((key) => this.d.blobs.delete(key)));
    }
  }

  /**
   * The thumbnail (small when the token says so) or preview behind a signed URL; anything wrong (tampered, expired,
   * gone, none) is the same 404.
   */
  async open(kind: DerivativeKind, token: string): Promise<Readable> {
    const claims = await this.d.signer.verify(kind, token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.f !== 'string') throw NotFound(NOT_FOUND);
    const row = await files.getDerivativeKeys(this.d.db, claims.a, claims.f, claims.t === 1 ? 'TRASHED' : 'ACTIVE');
    const key = kind === 'preview' ? row?.preview_key : claims.s === SMALL_CLAIM ? row?.small_thumb_key : row?.thumb_key;
    if (!key) throw NotFound(NOT_FOUND);
    try {
      return (await this.d.blobs.get(key)).stream;
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw NotFound(NOT_FOUND);
      throw err;
    }
  }

  /**
   * The small thumbnail of photos and videos processed before it existed, a batch per run (a schedule runs it until
   * none is left; the rows themselves say what is left, so a crash only means the next run does the rest). It is cut
   * from the stored thumbnail, so no original is read again. Safe to repeat: the key is fixed per file, and a row takes
   * it only while it has none.
   */
  async backfillSmallThumbs(batch = SMALL_THUMB_BATCH): Promise<number> {
    const rows = await files.missingSmallThumbs(this.d.db, batch);
    for (const row of rows) {
      const thumb = row.thumb_key!;
      let small = smallThumbKey(row.account_id, row.id);
      try {
        await this.putWebp(small, await smallFromThumb(await this.readAll(thumb)));
      } catch (err) {
        if (!(err instanceof MediaDecodeError || err instanceof BlobNotFoundError)) throw err;
        // An unreadable or lost thumbnail: the row's small one is its big one, so the backfill never picks it again.
        this.d.logger.warn({ fileId: row.id, err }, 'small thumbnail not made');
        small = thumb;
      }
      // Deleted (or given other derivatives) while we worked: nothing will purge what we wrote, so remove it now.
      if (!(await files.setSmallThumb(this.d.db, row.id, thumb, small)) && small !== thumb) await this.d.blobs.delete(small);
    }
    return rows.length;
  }

  private async extract(file: FileRow, written: string[]): Promise<MediaFacts> {
    const blobKey = file.blob_key!;
    const uploadedAt = Number(file.created_at);
    // No capture date: the day of upload on the uploader's wall clock (UTC for files from before zones were kept).
    const base: MediaFacts = { media_status: 'READY', media_error: null, taken_at: uploadedAt, taken_day: localDay(uploadedAt, file.time_zone) };
    if (isVideo(file.content_type)) {
      if (!hasTool('ffprobe') || !hasTool('ffmpeg')) return base;
      const { probe, poster } = await this.withOriginalFile(blobKey, '.video', async (path) => {
        const probe = await probeVideo(path);
        return { probe, poster: await posterFrame(path, probe.durationMs) };
      });
      const r = await renderImage({ bytes: poster });
      await this.store(file, r, written);
      return {
        ...base,
        duration_ms: probe.durationMs,
        width: probe.width ?? r.width,
        height: probe.height ?? r.height,
        placeholder: r.placeholder,
        ...derivativeKeys(file),
      };
    }

    let exif: Record<string, unknown>;
    let r: Rendered;
    if (isHeif(file.content_type, file.name)) {
      if (Number(file.bytes) > HEIF_MAX_BYTES) throw new MediaDecodeError('HEIC file is too large to decode');
      const bytes = await this.readAll(blobKey);
      if (isHeifFile(bytes)) {
        const tiff = heifExifTiff(bytes);
        // The decoder applied irot/imir; HEIF's EXIF orientation is informational and must not turn it again.
        exif = { ...(tiff ? await parseExif(tiff) : {}), Orientation: undefined };
        r = await renderImage({ rgba: await decodeHeif(bytes) });
      } else {
        // Named HEIC but something else (a JPEG saved as .heic): sharp reads it.
        exif = await parseExif(bytes);
        r = await renderImage({ bytes });
      }
    } else {
      exif = await this.readExif(blobKey, Number(file.bytes));
      // From a temp file libvips can shrink on load and read in strips; a stream would be buffered whole first.
      r = await this.withOriginalFile(blobKey, '.img', (path) => renderImage({ file: path }));
    }
    await this.store(file, r, written);
    return {
      ...base,
      taken_at: exifDate(exif.DateTimeOriginal ?? exif.CreateDate, exif.OffsetTimeOriginal ?? exif.OffsetTime) ?? base.taken_at,
      // timeline: grouped by the wall-clock day it was taken, whatever the offset
      taken_day: exifDay(exif.DateTimeOriginal ?? exif.CreateDate) ?? base.taken_day,
      width: r.width,
      height: r.height,
      latitude: coordinate(exif.latitude, 90),
      longitude: coordinate(exif.longitude, 180),
      camera: cameraName(exif.Make, exif.Model),
      orientation: r.orientation ?? (typeof exif.Orientation === 'number' ? exif.Orientation : null),
      placeholder: r.placeholder,
      ...derivativeKeys(file),
    };
  }

  /** EXIF from the head of the file; a file without readable EXIF simply has none. */
  private async readExif(blobKey: string, size: number): Promise<Record<string, unknown>> {
    if (size === 0) return {};
    return parseExif(await this.readAll(blobKey, { start: 0, end: Math.min(size, EXIF_HEAD_BYTES) - 1 }));
  }

  private async readAll(blobKey: string, range?: { start: number; end: number }): Promise<Buffer> {
    const { stream } = await this.d.blobs.get(blobKey, range);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async withOriginalFile<T>(blobKey: string, ext: string, use: (path: string) => Promise<T>): Promise<T> {
    const { stream } = await this.d.blobs.get(blobKey);
    return withTempFile(stream, ext, use);
  }

  private async store(file: FileRow, r: Rendered, written: string[]): Promise<void> {
    const keys = derivativeKeys(file);
    written.push(keys.thumb_key, keys.small_thumb_key, keys.preview_key);
    await this.putWebp(keys.thumb_key, r.thumb);
    await this.putWebp(keys.small_thumb_key, r.small);
    await this.putWebp(keys.preview_key, r.preview);
  }

  private async putWebp(key: string, bytes: Buffer): Promise<void> {
    await this.d.blobs.put(key, Readable.from([bytes]), { contentType: 'image/webp' });
  }
}

const derivativeKeys = (file: FileRow) => ({
  thumb_key: thumbKey(file.account_id, file.id),
  small_thumb_key: smallThumbKey(file.account_id, file.id),
  preview_key: previewKey(file.account_id, file.id),
});

/** EXIF tags of a JPEG/TIFF head or a bare TIFF block; a file without readable EXIF simply has none. */
async function parseExif(bytes: Buffer): Promise<Record<string, unknown>> {
  try {
    const out: unknown = await exifr.parse(bytes, EXIF_OPTIONS);
    return typeof out === 'object' && out !== null ? (out as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
