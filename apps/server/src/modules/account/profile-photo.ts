import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError } from '../../shared/errors.js';

/** At most this many bytes of image are read; a bigger body is refused as soon as it passes the limit. */
/**
 * HEIC/HEIF decoding, from the media module: handed in by the app rather than imported, because the media module
 * depends on the account module (quota) and an import back would make a cycle.
 */
export interface HeifDecoder {
  isHeifFile(bytes: Buffer): boolean;
  decodeHeif(bytes: Buffer, maxPixels: number): Promise<{ data: Buffer; width: number; height: number }>;
}

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export const PHOTO_SIDE = 512;
/** A profile photo larger than this is a decompression bomb, not a selfie. */
const MAX_PIXELS = 100_000_000;

export const PhotoTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `The photo must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`, 'file');
export const NotAnImage = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG, WebP or HEIC image.', 'file');

/**
 * Reads the body up to the limit; one byte more and reading stops with a 413 (the rest is never read or buffered). The
 * stream is paused, not destroyed, so the answer still reaches the client; the route closes the connection after it.
 */
export function readLimited(body: Readable, max = MAX_PHOTO_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > max) {
        cleanup();
        body.pause();
        reject(PhotoTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}

type Format = 'jpeg' | 'png' | 'webp' | 'heif';

/** The format from the bytes themselves; the declared Content-Type is not trusted. */
function sniff(b: Buffer, heif: HeifDecoder): Format | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (heif.isHeifFile(b)) return 'heif';
  return null;
}

/**
 * A square 512 px WebP cut from the middle of the picture, upright (EXIF orientation applied) and without metadata
 * (location and camera details of a selfie are not published with the avatar).
 */
export async function renderPhoto(bytes: Buffer, heif: HeifDecoder): Promise<Buffer> {
  const format = sniff(bytes, heif);
  if (!format) throw NotAnImage();
  try {
    const image =
      format === 'heif'
        ? await heif.decodeHeif(bytes, MAX_PIXELS).then((px) => sharp(px.data, { raw: { width: px.width, height: px.height, channels: 4 } }))
        : sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
    return await image.resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw NotAnImage();
  }
}
