// The image half of the media pipeline: one bounded decode of the original, then the thumbnails, preview and
// ThumbHash from that small intermediate.
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { tooLarge, type RgbaImage } from './media.heif.js';
import { MediaDecodeError } from './media.tools.js';
import { rasteriseSvg, svgText, svgTextOfFile } from './media.svg.js';

/**
 * Largest picture we decode: a 20,000 × 20,000 scan or panorama passes. JPEG decodes shrunk on load and other formats
 * are streamed in strips, so memory stays small; above this a file is refused, as a decompression bomb would be.
 */
export const MAX_INPUT_PIXELS = 500_000_000;
export const THUMB_SHORT_SIDE = 250;
/** The small thumbnail's side: a square for 40 px list rows and icons, sharp up to 3 device pixels a CSS pixel. */
export const SMALL_THUMB_SIDE = 128;
export const PREVIEW_LONG_SIDE = 1440;
const HASH_SIDE = 100;

// Every image is seen once, so libvips' operation cache only holds memory; one thread per image, as jobs run side by
// side on the cores instead.
sharp.cache(false);
sharp.concurrency(1);

export interface Rendered {
  /** Size as displayed (after orientation). */
  width: number;
  height: number;
  orientation: number | null;
  thumb: Buffer;
  /** SMALL_THUMB_SIDE square (centre crop, as the slots show it with object-fit: cover). */
  small: Buffer;
  preview: Buffer;
  placeholder: string;
}

/** A file on disk (any format libvips reads), encoded bytes in memory (a video poster), or decoded HEIF pixels. */
export type ImageSource = { file: string } | { bytes: Buffer } | { rgba: RgbaImage };

function open(src: ImageSource, limitInputPixels: number | false = MAX_INPUT_PIXELS): sharp.Sharp {
  if ('rgba' in src) return sharp(src.rgba.data, { raw: { width: src.rgba.width, height: src.rgba.height, channels: 4 } });
  return sharp('file' in src ? src.file : src.bytes, { limitInputPixels, sequentialRead: true });
}

/**
 * The small square WebP from an upright picture. Its slots are tiny, so a lower quality than the big thumbnail's shows
 * no difference there and saves bytes on every row.
 */
const toSmall = (image: sharp.Sharp) =>
  image.resize({ width: SMALL_THUMB_SIDE, height: SMALL_THUMB_SIDE, fit: 'cover', withoutEnlargement: true }).webp({ quality: 60 }).toBuffer();

/** The small thumbnail cut from an existing WebP thumbnail (the backfill for photos processed before it existed). */
export async function smallFromThumb(thumb: Buffer): Promise<Buffer> {
  try {
    return await toSmall(sharp(thumb, { limitInputPixels: MAX_INPUT_PIXELS }));
  } catch (err) {
    throw new MediaDecodeError(decodeReason(err));
  }
}

/** Size after orientation, WebP thumbnails (short side ~250; a 128 square), a preview (long side 1440), and a ThumbHash. */
export async function renderImage(src: ImageSource): Promise<Rendered> {
  // SVG never reaches libvips in this process, whatever the file is called: it is drawn in a bounded child.
  const svg = 'rgba' in src ? null : 'file' in src ? await svgTextOfFile(src.file) : svgText(src.bytes);
  if (svg !== null) {
    const drawn = await rasteriseSvg(svg);
    return { ...(await renderImage({ bytes: drawn.png })), width: drawn.width, height: drawn.height };
  }
  try {
    // Only the header is read here, unbounded, so an oversized file is refused below with its size in the reason.
    const meta = await open(src, false).metadata();
    const swap = 'rgba' in src ? false : (meta.orientation ?? 1) >= 5;
    const width = swap ? meta.height : meta.width;
    const height = swap ? meta.width : meta.height;
    if (!width || !height) throw new MediaDecodeError('Image has no dimensions');
    if (width * height > MAX_INPUT_PIXELS) throw new MediaDecodeError(tooLarge(width, height, MAX_INPUT_PIXELS));

    // One decode, to the smallest size both derivatives can be cut from without enlarging. rotate() before resize
    // makes sharp shrink first and rotate the small result, so a sideways 400 MP photo is never held whole.
    const scale = Math.max(Math.min(1, PREVIEW_LONG_SIDE / Math.max(width, height)), Math.min(1, THUMB_SHORT_SIDE / Math.min(width, height)));
    const base = await open(src)
      .rotate()
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    const from = () => sharp(base.data, { raw });

    // One after another: each sharp task holds a libuv pool thread, which file I/O needs too, so a job takes one.
    const thumb = await from()
      .resize({ width: THUMB_SHORT_SIDE, height: THUMB_SHORT_SIDE, fit: 'outside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    const small = await toSmall(from());
    const preview = await from()
      .resize({ width: PREVIEW_LONG_SIDE, height: PREVIEW_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const hash = await from()
      .resize({ width: HASH_SIDE, height: HASH_SIDE, fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const placeholder = Buffer.from(rgbaToThumbHash(hash.info.width, hash.info.height, hash.data)).toString('base64');
    return { width, height, orientation: 'rgba' in src ? null : (meta.orientation ?? null), thumb, small, preview, placeholder };
  } catch (err) {
    throw err instanceof MediaDecodeError ? err : new MediaDecodeError(decodeReason(err));
  }
}

export const decodeReason = (err: unknown) => `Could not decode image: ${err instanceof Error ? err.message : String(err)}`.slice(0, 1000);
