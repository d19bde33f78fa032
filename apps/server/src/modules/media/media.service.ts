import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import exifr from 'exifr';
import { rgbaToThumbHash } from 'thumbhash';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/blob-store.js';
import { NotFound } from '../../shared/errors.js';
import type { UrlSigner } from '../download/download.signer.js';
import type { FileRow, FileUpdate } from '../files/file.table.js';
import { cameraName, coordinate, exifDate, isHeif, isVideo, MEDIA_PROCESS_JOB, previewKey, thumbKey } from './media.facts.js';
import type { DerivativeKind } from './media.links.js';
import * as repo from './media.repository.js';
import { hasTool, heifToJpeg, MediaDecodeError, posterFrame, probeVideo, withTempFile } from './media.tools.js';

const SHARP_INPUT = { limitInputPixels: 268_402_689, sequentialRead: true } as const;
const THUMB_SHORT_SIDE = 250;
const PREVIEW_LONG_SIDE = 1440;
const HASH_SIDE = 100;
/** EXIF lives near the start of JPEG, HEIC and TIFF files; exifr reads only this much. */
const EXIF_HEAD_BYTES = 512 * 1024;
const NOT_FOUND = 'File not found.';

export interface MediaDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  signer: UrlSigner;
  logger: FastifyBaseLogger;
}

interface Rendered {
  width: number;
  height: number;
  orientation: number | null;
  thumb: Buffer;
  preview: Buffer;
  placeholder: string;
}

/**
 * Photos and videos after upload: facts (taken date, size, place, camera, duration), a thumbnail, a preview and a
 * ThumbHash placeholder. A file the decoders cannot read ends FAILED with the reason and is not retried; only
 * infrastructure failures (database, blob store) throw, so the queue retries them. The original is never touched.
 */
export class MediaService {
  constructor(private readonly d: MediaDeps) {
    // One libvips thread per job; the queue's concurrency runs jobs side by side to use the cores.
    sharp.concurrency(1);
    d.jobs.register(MEDIA_PROCESS_JOB, (payload) => this.process((payload as { fileId: string }).fileId), {
      maxAttempts: 5,
      backoffMs: 30_000,
    });
  }

  async process(fileId: string): Promise<void> {
    const file = await repo.getFile(this.d.db, fileId);
    if (!file?.blob_key || file.is_folder === 1 || file.media_status !== 'PENDING') return;
    let values: FileUpdate;
    const written: string[] = [];
    try {
      values = await this.extract(file, written);
    } catch (err) {
      if (!(err instanceof MediaDecodeError)) throw err;
      this.d.logger.info({ fileId, reason: err.message }, 'media processing failed');
      values = { media_status: 'FAILED', media_error: err.message.slice(0, 1000), taken_at: Number(file.created_at) };
    }
    if (!(await repo.saveMedia(this.d.db, file.id, values))) {
      // Deleted while we worked: nothing will purge what we wrote, so remove it now.
      await Promise.all(written.map((key) => this.d.blobs.delete(key)));
    }
  }

  /** The thumbnail or preview behind a signed URL; anything wrong (tampered, expired, gone, none) is the same 404. */
  async open(kind: DerivativeKind, token: string): Promise<Readable> {
    const claims = await this.d.signer.verify(kind, token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.f !== 'string') throw NotFound(NOT_FOUND);
    const row = await repo.getDerivative(this.d.db, claims.a, claims.f);
    const key = kind === 'thumb' ? row?.thumb_key : row?.preview_key;
    if (!key) throw NotFound(NOT_FOUND);
    try {
      return (await this.d.blobs.get(key)).stream;
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw NotFound(NOT_FOUND);
      throw err;
    }
  }

  private async extract(file: FileRow, written: string[]): Promise<FileUpdate> {
    const blobKey = file.blob_key!;
    const base: FileUpdate = { media_status: 'READY', media_error: null, taken_at: Number(file.created_at) };
    if (isVideo(file.content_type)) {
      if (!hasTool('ffprobe') || !hasTool('ffmpeg')) return base;
      const { probe, poster } = await this.withOriginalFile(blobKey, '.video', async (path) => {
        const probe = await probeVideo(path);
        return { probe, poster: await posterFrame(path, probe.durationMs) };
      });
      const r = await render(sharp(poster, SHARP_INPUT));
      await this.store(file, r, written);
      return {
        ...base,
        duration_ms: probe.durationMs,
        width: probe.width ?? r.width,
        height: probe.height ?? r.height,
        placeholder: r.placeholder,
        thumb_key: thumbKey(file.account_id, file.id),
        preview_key: previewKey(file.account_id, file.id),
      };
    }

    const exif = await this.readExif(blobKey, Number(file.bytes));
    let r: Rendered;
    if (isHeif(file.content_type, file.name)) {
      if (!hasTool('heif-convert')) throw new MediaDecodeError('HEIC decoding unavailable');
      const jpeg = await this.withOriginalFile(blobKey, '.heic', heifToJpeg);
      r = await render(sharp(jpeg, SHARP_INPUT));
    } else {
      r = await this.renderStream(blobKey);
    }
    await this.store(file, r, written);
    return {
      ...base,
      taken_at: exifDate(exif.DateTimeOriginal ?? exif.CreateDate, exif.OffsetTimeOriginal ?? exif.OffsetTime) ?? base.taken_at,
      width: r.width,
      height: r.height,
      latitude: coordinate(exif.latitude, 90),
      longitude: coordinate(exif.longitude, 180),
      camera: cameraName(exif.Make, exif.Model),
      orientation: r.orientation ?? (typeof exif.Orientation === 'number' ? exif.Orientation : null),
      placeholder: r.placeholder,
      thumb_key: thumbKey(file.account_id, file.id),
      preview_key: previewKey(file.account_id, file.id),
    };
  }

  /** The original streamed into sharp; a blob-store failure mid-stream is infrastructure (retried), not a bad image. */
  private async renderStream(blobKey: string): Promise<Rendered> {
    const { stream } = await this.d.blobs.get(blobKey);
    let streamError: unknown = null;
    stream.once('error', (err) => {
      streamError = err;
    });
    const input = sharp(SHARP_INPUT);
    stream.pipe(input);
    try {
      return await render(input);
    } catch (err) {
      if (streamError) throw streamError;
      throw err instanceof MediaDecodeError ? err : new MediaDecodeError(decodeReason(err));
    } finally {
      stream.destroy();
    }
  }

  /** EXIF from the head of the file; a file without readable EXIF simply has none. */
  private async readExif(blobKey: string, size: number): Promise<Record<string, unknown>> {
    if (size === 0) return {};
    const { stream } = await this.d.blobs.get(blobKey, { start: 0, end: Math.min(size, EXIF_HEAD_BYTES) - 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    try {
      const out: unknown = await exifr.parse(Buffer.concat(chunks), {
        tiff: true,
        exif: true,
        gps: true,
        reviveValues: false,
        translateValues: false,
        mergeOutput: true,
      });
      return typeof out === 'object' && out !== null ? (out as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  private async withOriginalFile<T>(blobKey: string, ext: string, use: (path: string) => Promise<T>): Promise<T> {
    const { stream } = await this.d.blobs.get(blobKey);
    return withTempFile(stream, ext, use);
  }

  private async store(file: FileRow, r: Rendered, written: string[]): Promise<void> {
    const thumb = thumbKey(file.account_id, file.id);
    const preview = previewKey(file.account_id, file.id);
    written.push(thumb, preview);
    await this.d.blobs.put(thumb, Readable.from([r.thumb]), { contentType: 'image/webp' });
    await this.d.blobs.put(preview, Readable.from([r.preview]), { contentType: 'image/webp' });
  }
}

/** Size after orientation, a WebP thumbnail (short side ~250) and preview (long side 1440), and a ThumbHash. */
async function render(input: sharp.Sharp): Promise<Rendered> {
  try {
    const meta = await input.metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const width = meta.autoOrient?.width ?? (swap ? meta.height : meta.width);
    const height = meta.autoOrient?.height ?? (swap ? meta.width : meta.height);
    if (!width || !height) throw new MediaDecodeError('Image has no dimensions');
    const [thumb, preview, hash] = await Promise.all([
      input
        .clone()
        .rotate()
        .resize({ width: THUMB_SHORT_SIDE, height: THUMB_SHORT_SIDE, fit: 'outside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer(),
      input
        .clone()
        .rotate()
        .resize({ width: PREVIEW_LONG_SIDE, height: PREVIEW_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
      input
        .clone()
        .rotate()
        .resize({ width: HASH_SIDE, height: HASH_SIDE, fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ]);
    const placeholder = Buffer.from(rgbaToThumbHash(hash.info.width, hash.info.height, hash.data)).toString('base64');
    return { width, height, orientation: meta.orientation ?? null, thumb, preview, placeholder };
  } catch (err) {
    throw err instanceof MediaDecodeError ? err : new MediaDecodeError(decodeReason(err));
  }
}

const decodeReason = (err: unknown) => `Could not decode image: ${err instanceof Error ? err.message : String(err)}`.slice(0, 1000);
