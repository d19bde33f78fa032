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
const ANGLES = [-12, 0, 12];
const SKEWS = [-8, 0, 8];

export type GlyphTemplate = { digit: number; w: number; h: number; px: Float32Array; norm: number };

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

/** Every hand of every digit at every angle and skew of the grid, drawn as the renderer draws a solid digit. */
export async function glyphTemplates(): Promise<GlyphTemplate[]> {
  const out: GlyphTemplate[] = [];
  for (let digit = 0; digit < 10; digit++) {
    for (const shape of DIGIT_SHAPES[digit] as readonly string[]) {
      for (const angle of ANGLES) {
        for (const skew of SKEWS) {
          const svg =
            `<svg xmlns="http://www.w3.org/2000/svg" width="${BOX_W}" height="${H}"><rect width="${BOX_W}" height="${H}" fill="#fff"/>` +
            `<path d="${shape}" fill="none" stroke="#000" stroke-width="1.1" stroke-linecap="round" stroke-linejoin="round" ` +
            `transform="translate(${BOX_W / 2} ${H / 2}) rotate(${angle}) skewX(${skew}) scale(${26 / GLYPH_W} ${40 / GLYPH_H}) translate(${-GLYPH_W / 2} ${-GLYPH_H / 2})"/></svg>`;
          const { w, h, px } = halve(await darknessOf(await sharp(Buffer.from(svg)).png().toBuffer()));
          const mean = px.reduce((s, v) => s + v, 0) / px.length;
          const centred = px.map((v) => v - mean);
          out.push({ digit, w, h, px: centred, norm: Math.sqrt(centred.reduce((s, v) => s + v * v, 0)) });
        }
      }
    }
  }
  return out;
}

/** Reads `length` digits: the best-correlating template at every position, then the best row of positions. */
export async function solveImageByTemplates(png: Buffer, templates: readonly GlyphTemplate[], length = 5): Promise<string> {
  const full = await darknessOf(png);
  const [left, right] = inkExtent(full);
  const img = halve(full);
  const cell = (right - left) / length / HALF;
  const xs: number[] = [];
  for (let x = left / HALF + cell * 0.3; x <= right / HALF - cell * 0.3; x += 1) xs.push(x);
  const best = xs.map((cx) => {
    let top = { score: -Infinity, digit: 0 };
    for (const t of templates) {
      const x0 = Math.round(cx - t.w / 2);
      for (let dy = -3; dy <= 3; dy++) {
        let [dot, sum, sq] = [0, 0, 0];
        for (let y = 0; y < t.h; y++) {
          const iy = y + dy;
          if (iy < 0 || iy >= img.h) continue;
          for (let x = 0; x < t.w; x++) {
            const ix = x0 + x;
            if (ix < 0 || ix >= img.w) continue;
            const v = img.px[iy * img.w + ix] as number;
            dot += v * (t.px[y * t.w + x] as number);
            sum += v;
            sq += v * v;
          }
        }
        const variance = sq - (sum * sum) / (t.w * t.h);
        const score = dot / (t.norm * Math.sqrt(Math.max(variance, 1e-9)));
        if (score > top.score) top = { score, digit: t.digit };
      }
    }
    return top;
  });
  return bestRow(xs, best, cell, length);
}
