import sharp from 'sharp';
import { CAPTCHA_IMAGE_HEIGHT, CAPTCHA_IMAGE_WIDTH, GLYPH_H, GLYPH_W, GLYPHS } from './captcha-render.js';

/**
 * An image attack that knows the renderer (issue 30, H6): our own glyph paths drawn at the renderer's scale over a
 * grid of its rotations and skews become templates; the challenge is thresholded to its dark ink, and each of the five
 * cells (the renderer's layout: 12 px margins, equal cells) takes the digit whose template correlates best anywhere
 * within the renderer's jitter. Works at half resolution so 60 challenges take seconds.
 */

const W = CAPTCHA_IMAGE_WIDTH;
const H = CAPTCHA_IMAGE_HEIGHT;
const MARGIN = 12;
const HALF = 2;
const BOX_W = 40;
const ANGLES = [-20, -10, 0, 10, 20];
const SKEWS = [-10, 0, 10];

type Bitmap = { w: number; h: number; px: Float64Array };
export type GlyphTemplate = { digit: number; bitmap: Bitmap; norm: number };

async function darkness(input: Buffer, w: number, h: number): Promise<Bitmap> {
  const { data } = await sharp(input)
    .greyscale()
    .resize(Math.round(w / HALF), Math.round(h / HALF))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { w: Math.round(w / HALF), h: Math.round(h / HALF), px: Float64Array.from(data, (v) => 1 - v / 255) };
}

/** Every digit at every angle and skew of the grid, drawn as the renderer draws it (its scale, its stroke). */
export async function glyphTemplates(length = 5): Promise<GlyphTemplate[]> {
  const cell = (W - 2 * MARGIN) / length;
  const scale = Math.min((H - 14) / GLYPH_H, (cell * 1.05) / GLYPH_W);
  const out: GlyphTemplate[] = [];
  for (let digit = 0; digit < 10; digit++) {
    for (const angle of ANGLES) {
      for (const skew of SKEWS) {
        const svg =
          `<svg xmlns="http://www.w3.org/2000/svg" width="${BOX_W}" height="${H}"><rect width="${BOX_W}" height="${H}" fill="#fff"/>` +
          `<path d="${GLYPHS[digit]}" fill="none" stroke="#000" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round" ` +
          `transform="translate(${BOX_W / 2} ${H / 2}) rotate(${angle}) skewX(${skew}) scale(${scale} ${scale}) translate(${-GLYPH_W / 2} ${-GLYPH_H / 2})"/></svg>`;
        const bitmap = await darkness(await sharp(Buffer.from(svg)).png().toBuffer(), BOX_W, H);
        const mean = bitmap.px.reduce((s, v) => s + v, 0) / bitmap.px.length;
        const px = bitmap.px.map((v) => v - mean);
        out.push({ digit, bitmap: { ...bitmap, px }, norm: Math.sqrt(px.reduce((s, v) => s + v * v, 0)) });
      }
    }
  }
  return out;
}

/** Reads `length` digits: ink kept by a threshold between the light background and the dark strokes. */
export async function solveImageByTemplates(png: Buffer, templates: readonly GlyphTemplate[], length = 5): Promise<string> {
  const img = await darkness(png, W, H);
  const ink = img.px.map((v) => (v > 0.5 ? 1 : 0));
  const cell = (W - 2 * MARGIN) / length;
  let text = '';
  for (let i = 0; i < length; i++) {
    const cx = (MARGIN + cell * (i + 0.5)) / HALF;
    const best = new Float64Array(10).fill(-Infinity);
    for (const t of templates) {
      const { w, h, px } = t.bitmap;
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const left = Math.round(cx - w / 2) + dx;
          let dot = 0;
          let sum = 0;
          let sq = 0;
          for (let y = 0; y < h; y++) {
            const iy = y + dy;
            if (iy < 0 || iy >= img.h) continue;
            for (let x = 0; x < w; x++) {
              const ix = left + x;
              if (ix < 0 || ix >= img.w) continue;
              const v = ink[iy * img.w + ix] as number;
              dot += v * (px[y * w + x] as number);
              sum += v;
              sq += v * v;
            }
          }
          const n = w * h;
          const varI = sq - (sum * sum) / n;
          const score = dot / (t.norm * Math.sqrt(Math.max(varI, 1e-9)));
          if (score > (best[t.digit] as number)) best[t.digit] = score;
        }
      }
    }
    text += String(best.indexOf(Math.max(...best)));
  }
  return text;
}
