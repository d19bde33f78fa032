import sharp from 'sharp';
import { CAPTCHA_IMAGE_HEIGHT, DIGIT_SHAPES, GLYPH_H, GLYPH_W } from './captcha-render.js';
import { bestRow, darknessOf, inkExtent, type Darkness } from './image-learned-attack.fixtures.js';

/**
 * An image attack that knows the renderer (issue 30, H6): every hand of every digit in our own glyph library, drawn
 * at the renderer's typical size over a grid of its rotations and skews, becomes a template; the template with the
 * best normalised correlation is found at every position along the row (and at several heights), and the best row of
 * `length` positions is picked by dynamic programming. Works at half resolution so 60 challenges take seconds.
 */

const H = CAPTCHA_IMAGE_HEIGHT;
const HALF = 2;
const BOX_W = 40;
// Across the renderer's rotations (±18°) and skews (±12°), at three of its heights (digits are drawn 28–50 px tall).
const ANGLES = [-15, 0, 15];
const SKEWS = [-8, 0, 8];
const HEIGHTS = [32, 40, 48];

/** A template's inked pixels (value and place) and its mean: enough for the correlation with the centred template. */
export type GlyphTemplate = { digit: number; w: number; h: number; inkAt: Float32Array; inkX: Int16Array; inkY: Int16Array; mean: number; norm: number };

function halve(img: Darkness): Darkness {
  const [w, h] = [Math.floor(img.w / HALF), Math.floor(img.h / HALF)];
  const px = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += img.px[(y * 2 + (k >> 1)) * img.w + x * 2 + (k & 1)] as number;
      px[y * w + x] = s / 4;
    }
  }
  return { w, h, px, ink: img.ink };
}

/** Every hand of every digit at every angle, skew and height of the grid, drawn as the renderer draws a solid digit. */
export async function glyphTemplates(): Promise<GlyphTemplate[]> {
  const out: GlyphTemplate[] = [];
  for (let digit = 0; digit < 10; digit++) {
    for (const shape of DIGIT_SHAPES[digit] as readonly string[]) {
      for (const [angle, skew, height] of ANGLES.flatMap((a) => SKEWS.flatMap((k) => HEIGHTS.map((h) => [a, k, h] as const)))) {
        const svg =
          `<svg xmlns="http://www.w3.org/2000/svg" width="${BOX_W}" height="${H}"><rect width="${BOX_W}" height="${H}" fill="#fff"/>` +
          `<path d="${shape}" fill="none" stroke="#000" stroke-width="1.1" stroke-linecap="round" stroke-linejoin="round" ` +
          `transform="translate(${BOX_W / 2} ${H / 2}) rotate(${angle}) skewX(${skew}) scale(${(height * 0.65) / GLYPH_W} ${height / GLYPH_H}) translate(${-GLYPH_W / 2} ${-GLYPH_H / 2})"/></svg>`;
        const { w, h, px } = halve(await darknessOf(await sharp(Buffer.from(svg)).png().toBuffer()));
        const mean = px.reduce((s, v) => s + v, 0) / px.length;
        const centred = px.map((v) => v - mean);
        const inked = [...px.keys()].filter((i) => (px[i] as number) !== 0);
        out.push({
          digit,
          w,
          h,
          inkAt: Float32Array.from(inked, (i) => px[i] as number),
          inkX: Int16Array.from(inked, (i) => i % w),
          inkY: Int16Array.from(inked, (i) => Math.floor(i / w)),
          mean,
          norm: Math.sqrt(centred.reduce((s, v) => s + v * v, 0)),
        });
      }
    }
  }
  return out;
}

/**
 * Where a template's ink pixels fall in a picture `width` wide (y × width + x), and for each template row the index of
 * its first ink pixel (pixels are stored in row order; `rows[h]` is their count): the fast path of the correlation.
 */
const layouts = new WeakMap<GlyphTemplate, { width: number; offsets: Int32Array; rows: Int32Array }>();
function layoutOf(t: GlyphTemplate, width: number): { offsets: Int32Array; rows: Int32Array } {
  const cached = layouts.get(t);
  if (cached?.width === width) return cached;
  const offsets = Int32Array.from(t.inkX, (x, k) => (t.inkY[k] as number) * width + x);
  const rows = new Int32Array(t.h + 1);
  for (let y = 0, k = 0; y <= t.h; y++) {
    while (k < t.inkY.length && (t.inkY[k] as number) < y) k++;
    rows[y] = k;
  }
  const layout = { width, offsets, rows };
  layouts.set(t, layout);
  return layout;
}

/** Sums of pixels and of their squares over any rectangle, from two integral images. */
function integrals(img: Darkness) {
  const w1 = img.w + 1;
  const [sum, sq] = [new Float64Array(w1 * (img.h + 1)), new Float64Array(w1 * (img.h + 1))];
  for (let y = 0; y < img.h; y++) {
    for (let x = 0; x < img.w; x++) {
      const v = img.px[y * img.w + x] as number;
      const i = (y + 1) * w1 + x + 1;
      sum[i] = v + (sum[i - 1] as number) + (sum[i - w1] as number) - (sum[i - w1 - 1] as number);
      sq[i] = v * v + (sq[i - 1] as number) + (sq[i - w1] as number) - (sq[i - w1 - 1] as number);
    }
  }
  const box = (t: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    (t[y1 * w1 + x1] as number) - (t[y0 * w1 + x1] as number) - (t[y1 * w1 + x0] as number) + (t[y0 * w1 + x0] as number);
  return (x0: number, y0: number, x1: number, y1: number) => [box(sum, x0, y0, x1, y1), box(sq, x0, y0, x1, y1)] as const;
}

/**
 * Reads `length` digits: the best-correlating template at every position, then the best row of positions. The
 * correlation with a mean-centred template is (ink · template) − mean × (sum of the window), so only the template's
 * inked pixels are visited and the window's sums come from integral images: the same scores as the plain loop.
 */
export async function solveImageByTemplates(png: Buffer, templates: readonly GlyphTemplate[], length = 5): Promise<string> {
  const full = await darknessOf(png);
  const [left, right] = inkExtent(full);
  const img = halve(full);
  const rect = integrals(img);
  const cell = (right - left) / length / HALF;
  const xs: number[] = [];
  for (let x = left / HALF + cell * 0.3; x <= right / HALF - cell * 0.3; x += 1) xs.push(x);
  const best = xs.map((cx) => {
    let top = { score: -Infinity, digit: 0 };
    for (const t of templates) {
      const x0 = Math.round(cx - t.w / 2);
      const [cx0, cx1] = [Math.max(0, x0), Math.min(img.w, x0 + t.w)];
      const { offsets, rows } = layoutOf(t, img.w);
      for (let dy = -3; dy <= 3; dy++) {
        const [cy0, cy1] = [Math.max(0, dy), Math.min(img.h, dy + t.h)];
        let raw = 0;
        if (x0 >= 0 && x0 + t.w <= img.w) {
          // The template's columns all inside the picture: only its rows can fall outside, and its ink pixels are in
          // row order, so the ones inside are one run; the same products summed in the same order as below.
          const [from, to] = [rows[Math.max(0, -dy)] as number, rows[Math.max(0, Math.min(t.h, img.h - dy))] as number];
          const base = dy * img.w + x0;
          for (let k = from; k < to; k++) raw += (img.px[base + (offsets[k] as number)] as number) * (t.inkAt[k] as number);
        } else {
          for (let k = 0; k < t.inkAt.length; k++) {
            const [ix, iy] = [x0 + (t.inkX[k] as number), dy + (t.inkY[k] as number)];
            if (ix < 0 || ix >= img.w || iy < 0 || iy >= img.h) continue;
            raw += (img.px[iy * img.w + ix] as number) * (t.inkAt[k] as number);
          }
        }
        const [sum, sq] = cx1 > cx0 && cy1 > cy0 ? rect(cx0, cy0, cx1, cy1) : [0, 0];
        const dot = raw - t.mean * sum;
        const variance = sq - (sum * sum) / (t.w * t.h);
        const score = dot / (t.norm * Math.sqrt(Math.max(variance, 1e-9)));
        if (score > top.score) top = { score, digit: t.digit };
      }
    }
    return top;
  });
  return bestRow(xs, best, cell, length);
}
