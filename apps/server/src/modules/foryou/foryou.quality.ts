import sharp from 'sharp';

/** Side the score is measured at: sharpness depends on scale, so every photo is judged at the same size. */
const SIDE = 512;
/** Laplacian variance at which sharpness scores 0.5 (blurred previews stay well under it, sharp ones well over). */
const SHARPNESS_HALF = 150;
/** Grey levels counted as clipped at either end. */
const CLIP_LOW = 4;
const CLIP_HIGH = 251;

/**
 * How good a photo looks, from its pixels alone: sharpness (variance of a 3×3 Laplacian on a 512 px greyscale copy)
 * and exposure (mean luminance near mid-grey, little clipping), combined into a score 0..1. The same signature as the
 * shared `infra/render/quality.ts` being written on another branch, so this one can be swapped for it.
 */
export async function photoQuality(image: Buffer): Promise<{ sharpness: number; exposure: number; score: number }> {
  // Decoded and shrunk once; the Laplacian then runs on the small raw copy.
  const { data, info } = await sharp(image)
    .rotate()
    .resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The offset keeps the Laplacian's negative half inside 0..255, so its variance survives the 8-bit output.
  const laplacian = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], offset: 128 })
    .stats();
  const stdev = laplacian.channels[0]?.stdev ?? 0;
  const sharpness = stdev * stdev;

  let sum = 0;
  let clipped = 0;
  for (const v of data) {
    sum += v;
    if (v <= CLIP_LOW || v >= CLIP_HIGH) clipped++;
  }
  const n = Math.max(1, data.length);
  const mean = sum / n / 255;
  const clipShare = clipped / n;
  const exposure = clamp01(1 - 2 * Math.abs(mean - 0.5)) * clamp01(1 - 2 * clipShare);

  const sharpScore = sharpness / (sharpness + SHARPNESS_HALF);
  const score = clamp01(0.6 * sharpScore + 0.4 * exposure);
  return { sharpness, exposure, score };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
