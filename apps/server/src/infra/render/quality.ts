// Photo quality for picking: sharpness (variance of the Laplacian) and exposure, on a small grey copy.
import sharp from 'sharp';

export interface PhotoQuality {
  /** 0..1, from the Laplacian variance: 0 blurred or flat, near 1 crisp. */
  sharpness: number;
  /** 0..1: mean luminance near mid-grey and little clipped to black or white. */
  exposure: number;
  /** 0..1, sharpness and exposure combined; faces are the caller's to add. */
  score: number;
  /** Laplacian variance of the sharpest quarter of the 512 px grey copy (see focusedLaplacianVariance). */
  laplacianVariance: number;
  meanLuminance: number;
  /** Fraction of pixels at pure black or white (≤ 4 or ≥ 251). */
  clipped: number;
}

const ANALYSIS_SIZE = 512;
// Focused variance at which sharpness reaches 1 − 1/e: in-focus photos measured 650–3000 here, blurred ones below 170.
const SHARPNESS_SCALE = 250;

/**
 * Variance of the 4-neighbour Laplacian over the inner pixels of a region. Computed here rather than with sharp's
 * convolve: libvips clamps the signed response of an 8-bit image, and on a 512 px copy the loop takes about a
 * millisecond.
 */
export function laplacianVarianceOf(grey: Uint8Array, width: number, region: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let y = Math.max(1, region.y); y < region.y + region.h - 1; y++) {
    for (let x = Math.max(1, region.x), i = y * width + x; x < region.x + region.w - 1; x++, i++) {
      const v = (grey[i - 1] as number) + (grey[i + 1] as number) + (grey[i - width] as number) + (grey[i + width] as number) - 4 * (grey[i] as number);
      sum += v;
      squares += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return squares / n - mean * mean;
}

const TILES = 4;
/**
 * Sharpness of the sharpest quarter of the picture: the mean Laplacian variance of the best 4 of 16 tiles. A portrait
 * with a soft background is sharp where it matters, and a whole-image variance would call it blurred.
 */
export function focusedLaplacianVariance(grey: Uint8Array, width: number, height: number): number {
  const tw = Math.floor(width / TILES);
  const th = Math.floor(height / TILES);
  if (tw < 3 || th < 3) return laplacianVarianceOf(grey, width, { x: 0, y: 0, w: width, h: height });
  const tiles: number[] = [];
  for (let ty = 0; ty < TILES; ty++) {
    for (let tx = 0; tx < TILES; tx++) tiles.push(laplacianVarianceOf(grey, width, { x: tx * tw, y: ty * th, w: tw, h: th }));
  }
  const best = tiles.sort((a, b) => b - a).slice(0, (TILES * TILES) / 4);
  return best.reduce((a, b) => a + b, 0) / best.length;
}

export async function photoQuality(image: Buffer): Promise<PhotoQuality> {
  const grey = await sharp(image)
    .autoOrient()
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#808080' })
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const laplacianVariance = focusedLaplacianVariance(grey.data, grey.info.width, grey.info.height);

  let sum = 0;
  let clippedCount = 0;
  for (const v of grey.data) {
    sum += v;
    if (v <= 4 || v >= 251) clippedCount++;
  }
  const n = Math.max(1, grey.data.length);
  const meanLuminance = sum / n;
  const clipped = clippedCount / n;

  const sharpness = 1 - Math.exp(-laplacianVariance / SHARPNESS_SCALE);
  // A parabola peaking at a slightly-below-middle grey (most good photos sit there), zero at black and white.
  const centre = 118;
  const distance = (meanLuminance - centre) / (meanLuminance < centre ? centre : 255 - centre);
  const exposure = Math.max(0, 1 - distance * distance) * Math.max(0, 1 - 2 * clipped);
  const score = 0.6 * sharpness + 0.4 * exposure;
  return { sharpness, exposure, score, laplacianVariance, meanLuminance, clipped };
}
