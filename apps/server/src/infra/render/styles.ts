// Styled photos: classic image filters (tone curves, channel mixing, edge drawing), not generative models.
import sharp from 'sharp';

export const PHOTO_STYLES = ['bw', 'vintage', 'sketch', 'vivid', 'warm', 'cool'] as const;
export type PhotoStyle = (typeof PHOTO_STYLES)[number];

export interface StyleOptions {
  /** Shrink so the long side is at most this (never enlarges); the full oriented size by default. */
  maxSize?: number;
  quality?: number;
}

// Sepia channel mix (the usual Microsoft/W3C coefficients).
const SEPIA: sharp.Matrix3x3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];
const WARM: sharp.Matrix3x3 = [
  [1.08, 0.02, 0],
  [0, 1.02, 0],
  [0, 0, 0.86],
];
const COOL: sharp.Matrix3x3 = [
  [0.88, 0, 0],
  [0, 1.0, 0.02],
  [0, 0.02, 1.1],
];

/**
 * The channel mix that scales saturation by `s` around Rec. 709 luma: one matrix multiply, several times cheaper at
 * 12 MP than sharp's modulate (which goes through LCh and back).
 */
export function saturationMatrix(s: number): sharp.Matrix3x3 {
  const luma = [0.2126, 0.7152, 0.0722];
  return [0, 1, 2].map((r) => luma.map((l, c) => (1 - s) * l + (r === c ? s : 0))) as sharp.Matrix3x3;
}

/** a × b: the mix that applies b, then a. */
const multiply = (a: sharp.Matrix3x3, b: sharp.Matrix3x3): sharp.Matrix3x3 =>
  a.map((row) => [0, 1, 2].map((c) => row.reduce((sum, v, k) => sum + v * (b[k]?.[c] ?? 0), 0))) as sharp.Matrix3x3;

/**
 * A dark vignette (transparent centre) as raw RGBA of w×h. Drawn small and scaled up: the gradient is smooth, and
 * librsvg drawing it at 12 MP cost more than the whole rest of the style.
 */
async function vignette(w: number, h: number): Promise<{ data: Buffer; w: number; h: number }> {
  const k = Math.min(1, 256 / Math.max(w, h));
  const sw = Math.max(1, Math.round(w * k));
  const sh = Math.max(1, Math.round(h * k));
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${sw}" height="${sh}"><defs><radialGradient id="v" cx="50%" cy="50%" r="75%">` +
      `<stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.45"/>` +
      `</radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`,
  );
  const data = await sharp(svg).resize(w, h, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  return { data, w, h };
}

/** Sepia toned down to 70 % over the photo's own colours, blacks lifted and a soft vignette: an old print. */
async function vintage(img: sharp.Sharp, w: number, h: number): Promise<sharp.Sharp> {
  const k = 0.7;
  const sepia = SEPIA.map((row, r) => row.map((v, c) => k * v + (r === c ? 1 - k : 0))) as sharp.Matrix3x3;
  const v = await vignette(w, h);
  // sharp runs recomb and linear before composite whatever the call order: the vignette lands last.
  return img
    .recomb(multiply(saturationMatrix(0.85), sepia))
    .linear(0.88, 18)
    .composite([{ input: v.data, raw: { width: v.w, height: v.h, channels: 4 }, blend: 'over' }]);
}

/**
 * A pencil drawing: the grey image colour-dodged with its blurred negative. Flat areas go white and only edges stay
 * dark, which a single convolution (noisy, thin, half the edges lost to clamping) draws less convincingly.
 */
async function sketch(img: sharp.Sharp, w: number, h: number): Promise<sharp.Sharp> {
  const raw = { raw: { width: w, height: h, channels: 1 as const } };
  const grey = await img.greyscale().toColourspace('b-w').raw().toBuffer();
  // Every raw output names b-w: sharp would otherwise turn a one-channel raw input into three channels on output.
  const blurredNegative = await sharp(grey, raw).negate().blur(Math.max(1.5, Math.max(w, h) / 300)).toColourspace('b-w').raw().toBuffer();
  const dodged = await sharp(grey, raw)
    .composite([{ input: blurredNegative, raw: { width: w, height: h, channels: 1 }, blend: 'colour-dodge' }])
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // More contrast so faint strokes stay visible when the picture is shown small.
  return sharp(dodged, raw).linear(1.25, -64);
}

/** The photo in `style`, oriented, as JPEG, the same size as the oriented input (or shrunk to maxSize). */
export async function renderStyled(image: Buffer, style: PhotoStyle, opts: StyleOptions = {}): Promise<Buffer> {
  if (!PHOTO_STYLES.includes(style)) throw new RangeError(`unknown style ${String(style)}`);
  // Decode, orient and size once; every style then works on this RGB copy.
  let base = sharp(image).autoOrient();
  if (opts.maxSize) base = base.resize(opts.maxSize, opts.maxSize, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await base.flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const img = sharp(data, { raw: { width: w, height: h, channels: info.channels } });
  const styled = {
    bw: () => img.greyscale().linear(1.1, -12).toColourspace('b-w'),
    vintage: () => vintage(img, w, h),
    sketch: () => sketch(img, w, h),
    vivid: () => img.recomb(saturationMatrix(1.4)).linear(1.1, -8),
    warm: () => img.recomb(WARM),
    cool: () => img.recomb(COOL),
  }[style];
  return (await styled()).jpeg({ quality: opts.quality ?? 88 }).toBuffer();
}
