import sharp from 'sharp';
import { CAPTCHA_IMAGE_HEIGHT, CAPTCHA_IMAGE_WIDTH, DIGIT_SHAPES, GLYPH_H, GLYPH_W, type DigitBox } from './captcha-render.js';

/**
 * The strongest image attack we could write that knows our code (issue 30): it renders a few hundred challenges with
 * our own renderer, learns the digits from where the renderer says it drew them (HOG and pixel features, a k-NN and a
 * small neural net trained here), then reads a challenge by several segmentations — the true boxes (an upper bound no
 * real attacker has), equal cells across the ink, a sliding window whose best row of windows is found by dynamic
 * programming for each count the renderer may draw, and connected components after cleaning. Plain TypeScript, so it
 * runs anywhere the tests run, in seconds.
 */

const W = CAPTCHA_IMAGE_WIDTH;
const H = CAPTCHA_IMAGE_HEIGHT;

/**
 * Darkness 0..1 per pixel, blurred a little so dotted and hollow strokes read as strokes (what an attacker would do),
 * and the level above which a pixel counts as ink: halfway between the paper (median) and the darkest strokes.
 */
export type Darkness = { w: number; h: number; px: Float32Array; ink: number };

export async function darknessOf(png: Buffer, blur = 0.8): Promise<Darkness> {
  const { data, info } = await sharp(png).greyscale().blur(blur).raw().toBuffer({ resolveWithObject: true });
  const px = Float32Array.from(data, (v) => 1 - v / 255);
  const sorted = Float32Array.from(px).sort();
  const ink = ((sorted[Math.floor(sorted.length * 0.5)] as number) + (sorted[Math.floor(sorted.length * 0.99)] as number)) / 2;
  return { w: info.width, h: info.height, px, ink };
}

// Bilinear sampling, 0 outside the picture. Written without closures or array destructuring (it runs for every pixel
// of every window the attacks read): the same arithmetic in the same order, so the same values.
const at = (img: Darkness, x: number, y: number): number => {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const { w, h, px } = img;
  const [left, right, top, bottom] = [x0 >= 0 && x0 < w, x0 + 1 >= 0 && x0 + 1 < w, y0 >= 0 && y0 < h, y0 + 1 >= 0 && y0 + 1 < h];
  const p00 = left && top ? (px[y0 * w + x0] as number) : 0;
  const p10 = right && top ? (px[y0 * w + x0 + 1] as number) : 0;
  const p01 = left && bottom ? (px[(y0 + 1) * w + x0] as number) : 0;
  const p11 = right && bottom ? (px[(y0 + 1) * w + x0 + 1] as number) : 0;
  return (p00 * (1 - fx) + p10 * fx) * (1 - fy) + (p01 * (1 - fx) + p11 * fx) * fy;
};

// A window: CW×CH samples, features from HOG cells of 6×6 and a coarse copy of the pixels.
const CW = 24;
const CH = 36;
const CROP_H = 46;

/** Samples a window `width` wide around `cx`, centred vertically on the ink inside it (digits sit at varied heights). */
export function cropAt(img: Darkness, cx: number, width: number): Float32Array {
  let [mass, ySum] = [0, 0];
  const level = img.ink * 0.8;
  for (let x = Math.max(0, Math.round(cx - width / 2)); x < Math.min(img.w, Math.round(cx + width / 2)); x++) {
    for (let y = 0; y < img.h; y++) {
      const v = img.px[y * img.w + x] as number;
      if (v > level) [mass, ySum] = [mass + v, ySum + v * y];
    }
  }
  const cy = Math.min(img.h - CROP_H / 2, Math.max(CROP_H / 2, mass > 0 ? ySum / mass : img.h / 2));
  const out = new Float32Array(CW * CH);
  for (let j = 0; j < CH; j++) {
    for (let i = 0; i < CW; i++) out[j * CW + i] = at(img, cx - width / 2 + ((i + 0.5) * width) / CW, cy - CROP_H / 2 + ((j + 0.5) * CROP_H) / CH);
  }
  return out;
}

const BINS = 8;
export const FEATURES = (CW / 6) * (CH / 6) * BINS + (CW / 3) * (CH / 3);

/** Histograms of gradient orientation (unsigned, per 6×6 cell, each cell normalised) and the window at a third size. */
export function features(crop: Float32Array): Float32Array {
  const f = new Float32Array(FEATURES);
  const [cellsX, cellsY] = [CW / 6, CH / 6];
  const g = (x: number, y: number) => crop[Math.min(CH - 1, Math.max(0, y)) * CW + Math.min(CW - 1, Math.max(0, x))] as number;
  for (let y = 0; y < CH; y++) {
    const [up, down] = [Math.max(0, y - 1) * CW, Math.min(CH - 1, y + 1) * CW];
    for (let x = 0; x < CW; x++) {
      const dx = (crop[y * CW + Math.min(CW - 1, x + 1)] as number) - (crop[y * CW + Math.max(0, x - 1)] as number);
      const dy = (crop[down + x] as number) - (crop[up + x] as number);
      const mag = Math.sqrt(dx * dx + dy * dy);
      if (mag === 0) continue;
      const angle = (Math.atan2(dy, dx) + Math.PI) % Math.PI;
      const bin = Math.min(BINS - 1, Math.floor((angle / Math.PI) * BINS));
      const cell = Math.floor(y / 6) * cellsX + Math.floor(x / 6);
      f[cell * BINS + bin] = (f[cell * BINS + bin] as number) + mag;
    }
  }
  for (let c = 0; c < cellsX * cellsY; c++) {
    let norm = 1e-3;
    for (let b = 0; b < BINS; b++) norm += (f[c * BINS + b] as number) ** 2;
    for (let b = 0; b < BINS; b++) f[c * BINS + b] = (f[c * BINS + b] as number) / Math.sqrt(norm);
  }
  const base = cellsX * cellsY * BINS;
  let max = 1e-3;
  for (let y = 0; y < CH / 3; y++) {
    for (let x = 0; x < CW / 3; x++) {
      let s = 0;
      for (let k = 0; k < 9; k++) s += g(x * 3 + (k % 3), y * 3 + Math.floor(k / 3));
      f[base + y * (CW / 3) + x] = s / 9;
      max = Math.max(max, s / 9);
    }
  }
  for (let i = base; i < FEATURES; i++) f[i] = (f[i] as number) / max;
  return f;
}

/** `digit` 10 is "no digit centred here": windows between digits, which teach the sliding window where digits are. */
export type Sample = { x: Float32Array; digit: number };
const CLASSES = 11;
export type Classifier = (x: Float32Array) => Float32Array;

/** k nearest neighbours by cosine similarity; returns the vote per digit (sums to 1). */
export function knn(samples: readonly Sample[], k = 7): Classifier {
  const norms = samples.map((s) => Math.sqrt(s.x.reduce((a, v) => a + v * v, 0)) || 1);
  return (x) => {
    const nx = Math.sqrt(x.reduce((a, v) => a + v * v, 0)) || 1;
    const best: { sim: number; digit: number }[] = [];
    samples.forEach((s, i) => {
      let dot = 0;
      for (let j = 0; j < x.length; j++) dot += (x[j] as number) * (s.x[j] as number);
      const sim = dot / (nx * (norms[i] as number));
      if (best.length < k || sim > (best[best.length - 1] as { sim: number }).sim) {
        best.push({ sim, digit: s.digit });
        best.sort((a, b) => b.sim - a.sim);
        if (best.length > k) best.pop();
      }
    });
    const votes = new Float32Array(CLASSES);
    for (const b of best) votes[b.digit] = (votes[b.digit] as number) + 1 / best.length;
    return votes;
  };
}

/** A one-hidden-layer net (ReLU, softmax) trained by SGD with momentum; seeded, so a run is repeatable. */
export function mlp(samples: readonly Sample[], random: () => number, { hidden = 96, epochs = 14, rate = 0.01 } = {}): Classifier {
  const d = samples[0]?.x.length ?? FEATURES;
  const init = (n: number, scale: number) => Float32Array.from({ length: n }, () => (random() * 2 - 1) * scale);
  const w1 = init(hidden * d, Math.sqrt(6 / d));
  const b1 = new Float32Array(hidden);
  const w2 = init(CLASSES * hidden, Math.sqrt(6 / hidden));
  const b2 = new Float32Array(CLASSES);
  const [v1, vb1, v2, vb2] = [new Float32Array(w1.length), new Float32Array(hidden), new Float32Array(w2.length), new Float32Array(CLASSES)];
  const h = new Float32Array(hidden);
  const out = new Float32Array(CLASSES);
  const forward = (x: Float32Array) => {
    for (let i = 0; i < hidden; i++) {
      let s = b1[i] as number;
      const row = i * d;
      for (let j = 0; j < d; j++) s += (w1[row + j] as number) * (x[j] as number);
      h[i] = s > 0 ? s : 0;
    }
    let max = -Infinity;
    for (let k = 0; k < CLASSES; k++) {
      let s = b2[k] as number;
      for (let i = 0; i < hidden; i++) s += (w2[k * hidden + i] as number) * (h[i] as number);
      out[k] = s;
      max = Math.max(max, s);
    }
    let sum = 0;
    for (let k = 0; k < CLASSES; k++) sum += out[k] = Math.exp((out[k] as number) - max);
    for (let k = 0; k < CLASSES; k++) out[k] = (out[k] as number) / sum;
    return out;
  };
  const order = samples.map((_, i) => i);
  const gh = new Float32Array(hidden);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const lr = rate * (1 - epoch / epochs) + 0.002;
    for (const index of order) {
      const { x, digit } = samples[index] as Sample;
      const p = forward(x);
      gh.fill(0);
      for (let k = 0; k < CLASSES; k++) {
        const g = (p[k] as number) - (k === digit ? 1 : 0);
        for (let i = 0; i < hidden; i++) {
          gh[i] = (gh[i] as number) + g * (w2[k * hidden + i] as number);
          const idx = k * hidden + i;
          v2[idx] = 0.9 * (v2[idx] as number) - lr * (g * (h[i] as number) + 1e-4 * (w2[idx] as number));
          w2[idx] = (w2[idx] as number) + (v2[idx] as number);
        }
        vb2[k] = 0.9 * (vb2[k] as number) - lr * g;
        b2[k] = (b2[k] as number) + (vb2[k] as number);
      }
      for (let i = 0; i < hidden; i++) {
        if ((h[i] as number) <= 0) continue;
        const g = gh[i] as number;
        const row = i * d;
        for (let j = 0; j < d; j++) {
          const idx = row + j;
          v1[idx] = 0.9 * (v1[idx] as number) - lr * (g * (x[j] as number) + 1e-4 * (w1[idx] as number));
          w1[idx] = (w1[idx] as number) + (v1[idx] as number);
        }
        vb1[i] = 0.9 * (vb1[i] as number) - lr * g;
        b1[i] = (b1[i] as number) + (vb1[i] as number);
      }
    }
  }
  return (x) => Float32Array.from(forward(x));
}

/**
 * Training windows from renders whose digit boxes are known: each box, copies shifted and resized a little, and
 * windows centred between two digits (class 10, "no digit here").
 */
export function samplesOf(img: Darkness, text: string, boxes: readonly DigitBox[], random: () => number, copies = 3): Sample[] {
  const out: Sample[] = [];
  boxes.forEach((b, i) => {
    for (let c = 0; c < copies; c++) {
      const [shift, size] = c === 0 ? [0, 1] : [(random() * 2 - 1) * 0.12 * b.width, 0.9 + random() * 0.2];
      out.push({ x: features(cropAt(img, b.x + b.width / 2 + shift, windowFor(b.width) * size)), digit: Number(text[i]) });
    }
    const next = boxes[i + 1];
    if (next) {
      const between = (b.x + b.width / 2 + next.x + next.width / 2) / 2;
      out.push({ x: features(cropAt(img, between, windowFor((b.width + next.width) / 2))), digit: 10 });
    }
  });
  return out;
}

/** The window an attack takes around a digit `width` wide: a little wider, so a slanted digit stays inside. */
const windowFor = (width: number) => width * 1.2 + 4;

/** The likeliest digit (never the "no digit" class). */
const argmax = (p: Float32Array) => {
  const digits = p.subarray(0, 10);
  return digits.indexOf(Math.max(...digits));
};

/** Upper bound: reads each digit in the box the renderer reports (no real attacker knows them). */
export function readAtBoxes(img: Darkness, boxes: readonly DigitBox[], classify: Classifier): string {
  return boxes.map((b) => String(argmax(classify(features(cropAt(img, b.x + b.width / 2, windowFor(b.width))))))).join('');
}

/** Columns holding ink (at least two ink pixels), so scraps of one pixel do not widen the row. */
export function inkExtent(img: Darkness): [number, number] {
  const level = img.ink;
  const cols: number[] = [];
  for (let x = 0; x < img.w; x++) {
    let n = 0;
    for (let y = 8; y < img.h - 8; y++) if ((img.px[y * img.w + x] as number) > level) n++;
    if (n >= 3) cols.push(x);
  }
  if (cols.length === 0) return [0, img.w];
  // Trim the outer 3 % of ink columns: a scrap beside the row should not stretch the cells.
  return [cols[Math.floor(cols.length * 0.03)] as number, (cols[Math.ceil(cols.length * 0.97) - 1] as number) + 1];
}

/** Cuts the ink's extent into `length` equal cells. */
export function readByCells(img: Darkness, classify: Classifier, length = 5): string {
  const [left, right] = inkExtent(img);
  const cell = (right - left) / length;
  return Array.from({ length }, (_, i) => String(argmax(classify(features(cropAt(img, left + cell * (i + 0.5), windowFor(cell))))))).join('');
}

/**
 * Slides windows of three widths along the row every 2 px, and picks the `count` window centres (spaced 0.55–1.6
 * cells apart) whose summed log-confidence is highest (dynamic programming), then reads each. The count varies per
 * challenge, so the row is read as each count the renderer may draw and the reading whose windows are, on average,
 * the most confidently digits wins; `[n]` tells the attack the count (an oracle the page does not give).
 */
export function readBySlidingWindow(img: Darkness, classify: Classifier, counts: readonly number[]): string {
  let best = { text: '', mean: -Infinity };
  for (const count of counts) {
    const r = slideOnce(img, classify, count);
    if (r.total / count > best.mean) best = { text: r.text, mean: r.total / count };
  }
  return best.text;
}

// One row read at one count is the same whether the count was guessed or told: read once per picture, classifier and
// count (the test reads both ways), the same answers for less CPU.
const slides = new WeakMap<Darkness, Map<Classifier, Map<number, { text: string; total: number }>>>();
function slideOnce(img: Darkness, classify: Classifier, length: number): { text: string; total: number } {
  let byClassifier = slides.get(img);
  if (!byClassifier) slides.set(img, (byClassifier = new Map()));
  let byCount = byClassifier.get(classify);
  if (!byCount) byClassifier.set(classify, (byCount = new Map()));
  let r = byCount.get(length);
  if (!r) byCount.set(length, (r = slide(img, classify, length)));
  return r;
}

function slide(img: Darkness, classify: Classifier, length: number): { text: string; total: number } {
  const [left, right] = inkExtent(img);
  const cell = (right - left) / length;
  const xs: number[] = [];
  for (let x = left + cell * 0.3; x <= right - cell * 0.3; x += 2) xs.push(x);
  const best = xs.map((x) => {
    let top = { score: -Infinity, digit: 0 };
    for (const size of [0.85, 1, 1.15]) {
      const p = classify(features(cropAt(img, x, windowFor(cell * size))));
      const digit = argmax(p);
      const score = Math.log((p[digit] as number) + 1e-6);
      if (score > top.score) top = { score, digit };
    }
    return top;
  });
  return bestRowScored(xs, best, cell, length);
}

/** The `length` positions, in order and spaced 0.55–1.6 cells, with the highest total score; their digits. */
export function bestRow(xs: readonly number[], best: readonly { score: number; digit: number }[], cell: number, length: number): string {
  return bestRowScored(xs, best, cell, length).text;
}

function bestRowScored(xs: readonly number[], best: readonly { score: number; digit: number }[], cell: number, length: number): { text: string; total: number } {
  const n = xs.length;
  const total: Float64Array[] = Array.from({ length }, () => new Float64Array(n).fill(-Infinity));
  const from: Int32Array[] = Array.from({ length }, () => new Int32Array(n).fill(-1));
  for (let i = 0; i < n; i++) (total[0] as Float64Array)[i] = (best[i] as { score: number }).score;
  for (let k = 1; k < length; k++) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < i; j++) {
        const gap = (xs[i] as number) - (xs[j] as number);
        if (gap < cell * 0.55 || gap > cell * 1.6) continue;
        const t = ((total[k - 1] as Float64Array)[j] as number) + (best[i] as { score: number }).score;
        if (t > ((total[k] as Float64Array)[i] as number)) {
          (total[k] as Float64Array)[i] = t;
          (from[k] as Int32Array)[i] = j;
        }
      }
    }
  }
  const last = total[length - 1] as Float64Array;
  let i = last.indexOf(Math.max(...last));
  if (i < 0 || !Number.isFinite(last[i] as number)) return { text: '', total: -Infinity };
  const sum = last[i] as number;
  const picked: number[] = [];
  for (let k = length - 1; k >= 0; k--) {
    picked.unshift(i);
    i = (from[k] as Int32Array)[i] as number;
  }
  return { text: picked.map((p) => String((best[p] as { digit: number }).digit)).join(''), total: sum };
}

/**
 * Digits without the renderer's defences: each shape of our library, upright, solid, in fixed cells on plain paper.
 * An attack must read these well before its failure on real challenges means anything.
 */
export async function plainCaptchaImage(text: string, random: () => number): Promise<{ png: Buffer; boxes: DigitBox[] }> {
  // Cells no wider than five in the old 200 px picture, so a digit keeps a digit's shape in a wider one; the row centred.
  const cell = Math.min((W - 24) / text.length, (200 - 24) / 5);
  const left = (W - cell * text.length) / 2;
  const boxes: DigitBox[] = [];
  const paths = [...text]
    .map((d, i) => {
      const shapes = DIGIT_SHAPES[Number(d)] as readonly string[];
      const shape = shapes[Math.floor(random() * shapes.length)] as string;
      const [width, height] = [cell * 0.8, 40];
      const x = left + cell * i + cell * 0.1;
      boxes.push({ x, y: (H - height) / 2, width, height });
      return (
        `<path d="${shape}" fill="none" stroke="#333" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round" ` +
        `transform="translate(${x} ${(H - height) / 2}) scale(${width / GLYPH_W} ${height / GLYPH_H})"/>`
      );
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#f4f4f4"/>${paths}</svg>`;
  return { png: await sharp(Buffer.from(svg)).png().toBuffer(), boxes };
}

/**
 * Segmentation by connected components after cleaning: ink above the level (after the blur that closes dotted and
 * hollow strokes), 8-connected; components at least 40 % of the picture's height are digits or touching digits, the
 * rest scraps (dropped, or merged into a digit they overlap by most of their width). A run wider than 1.35 digit
 * widths (the median of the narrow ones) is cut into as many equal parts as fit. Each part is read by `classify`,
 * so the count comes from the picture, not from knowing it.
 */
export function readByComponents(img: Darkness, classify: Classifier): string {
  const { w, h, px } = img;
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = (px[i] as number) > img.ink * 0.8 ? 1 : 0;
  const label = new Int32Array(w * h).fill(-1);
  const comps: { x0: number; x1: number; y0: number; y1: number; n: number }[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start] !== -1) continue;
    const c = { x0: w, x1: 0, y0: h, y1: 0, n: 0 };
    const stack = [start];
    label[start] = comps.length;
    while (stack.length) {
      const i = stack.pop() as number;
      const [x, y] = [i % w, Math.floor(i / w)];
      c.x0 = Math.min(c.x0, x);
      c.x1 = Math.max(c.x1, x);
      c.y0 = Math.min(c.y0, y);
      c.y1 = Math.max(c.y1, y);
      c.n++;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const j = ny * w + nx;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && ink[j] && label[j] === -1) {
            label[j] = comps.length;
            stack.push(j);
          }
        }
      }
    }
    comps.push(c);
  }
  const tall = comps.filter((c) => c.y1 - c.y0 + 1 >= h * 0.4 && c.n >= 30).sort((a, b) => a.x0 - b.x0);
  // Merge components that overlap in x by most of the narrower one's width (a digit broken in two by a thin stroke).
  const runs: { x0: number; x1: number }[] = [];
  for (const c of tall) {
    const last = runs[runs.length - 1];
    const overlap = last ? Math.min(last.x1, c.x1) - Math.max(last.x0, c.x0) : -1;
    if (last && overlap > 0.6 * Math.min(last.x1 - last.x0, c.x1 - c.x0)) [last.x0, last.x1] = [Math.min(last.x0, c.x0), Math.max(last.x1, c.x1)];
    else runs.push({ x0: c.x0, x1: c.x1 });
  }
  if (runs.length === 0) return '';
  const widths = runs.map((r) => r.x1 - r.x0 + 1).sort((a, b) => a - b);
  const unit = Math.max(12, widths[Math.floor((widths.length - 1) / 3)] as number);
  let out = '';
  for (const r of runs) {
    const width = r.x1 - r.x0 + 1;
    const parts = Math.max(1, Math.round(width / (unit * 1.1)));
    for (let k = 0; k < parts; k++) {
      const part = width / parts;
      out += String(argmax(classify(features(cropAt(img, r.x0 + part * (k + 0.5), windowFor(part))))));
    }
  }
  return out;
}

/**
 * Segmentation by column projection: ink per column, smoothed; the row is cut at the `count - 1` emptiest columns at
 * least half a cell apart (the deepest first), for each count the renderer may draw. Each part is read by `classify`,
 * and the count whose parts are on average read most confidently wins.
 */
export function readByProjection(img: Darkness, classify: Classifier, counts: readonly number[]): string {
  const [left, right] = inkExtent(img);
  const raw = new Float64Array(img.w);
  const level = img.ink * 0.8;
  for (let x = 0; x < img.w; x++) {
    for (let y = 0; y < img.h; y++) {
      const v = img.px[y * img.w + x] as number;
      if (v > level) raw[x] = (raw[x] as number) + v;
    }
  }
  const profile = raw.map((_, x) => ((raw[x - 1] ?? 0) + (raw[x] as number) + (raw[x + 1] ?? 0)) / 3);
  let best = { text: '', mean: -Infinity };
  for (const count of counts) {
    const cell = (right - left) / count;
    const candidates: number[] = [];
    for (let x = Math.ceil(left + cell * 0.5); x <= right - cell * 0.5; x++) candidates.push(x);
    candidates.sort((a, b) => (profile[a] as number) - (profile[b] as number));
    const cuts: number[] = [];
    for (const x of candidates) {
      if (cuts.length === count - 1) break;
      if (cuts.every((c) => Math.abs(c - x) >= cell * 0.5)) cuts.push(x);
    }
    if (cuts.length < count - 1) continue;
    const bounds = [left, ...cuts.sort((a, b) => a - b), right];
    let [text, total] = ['', 0];
    for (let k = 0; k < count; k++) {
      const [a, b] = [bounds[k] as number, bounds[k + 1] as number];
      const p = classify(features(cropAt(img, (a + b) / 2, windowFor(b - a))));
      const digit = argmax(p);
      text += String(digit);
      total += Math.log((p[digit] as number) + 1e-6);
    }
    if (total / count > best.mean) best = { text, mean: total / count };
  }
  return best.text;
}

/**
 * Removes the renderer's interfering arcs as an attacker who knows their model would: each arc is a sine across part
 * or all of the row (mid-height within ±8 px of the centre, 3–8 px high, 50–130 px long waves). Finds the sine and
 * span with the most ink along it (coarse grid, then a finer one around the best), erases a band around it, and
 * repeats for the next arc. Digits lose a few pixels where an arc crossed them; the classifier is trained on pictures
 * cleaned the same way, so it learns that too.
 */
export function withoutArcs(img: Darkness, arcs = 2): Darkness {
  const px = Float32Array.from(img.px);
  const out = { ...img, px };
  const paper = [...img.px].sort((p, q) => p - q)[Math.floor(img.px.length / 2)] as number;
  const [left, right] = inkExtent(img);
  const xs: number[] = [];
  for (let x = Math.max(0, left - 8); x < Math.min(img.w, right + 8); x += 3) xs.push(x);
  const v = new Float64Array(xs.length);
  const prefix = new Float64Array(xs.length + 1);
  // Mean darkness along a sine over its best stretch covering at least `cover` of the row.
  const along = (mid: number, amp: number, wave: number, phase: number, cover: number) => {
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as number;
      v[i] = at(out, x, mid + amp * Math.sin(phase + (2 * Math.PI * x) / wave));
      prefix[i + 1] = (prefix[i] as number) + (v[i] as number);
    }
    const span = Math.max(2, Math.floor(xs.length * cover));
    let best = { score: -Infinity, from: 0 };
    for (let a = 0; a + span <= xs.length; a++) {
      const s = ((prefix[a + span] as number) - (prefix[a] as number)) / span;
      if (s > best.score) best = { score: s, from: a };
    }
    return { ...best, to: best.from + span - 1 };
  };
  const steps = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step + 1e-9) + 1 }, (_, i) => from + i * step);
  for (let k = 0; k < arcs; k++) {
    const cover = k === 0 ? 0.95 : 0.45;
    let top = { score: -Infinity, mid: 0, amp: 0, wave: 0, phase: 0, from: 0, to: 0 };
    const search = (mids: number[], amps: number[], waves: number[], phases: number[]) => {
      for (const mid of mids) for (const amp of amps) for (const wave of waves) for (const phase of phases) {
        const r = along(mid, amp, wave, phase, cover);
        if (r.score > top.score) top = { score: r.score, mid, amp, wave, phase, from: r.from, to: r.to };
      }
    };
    search(steps(img.h / 2 - 8, img.h / 2 + 8, 2), steps(3, 8, 1.5), steps(50, 130, 16), steps(0, 2 * Math.PI - 0.01, Math.PI / 6));
    const c = top;
    search(steps(c.mid - 1, c.mid + 1, 1), steps(c.amp - 0.75, c.amp + 0.75, 0.75), steps(c.wave - 8, c.wave + 8, 4), steps(c.phase - Math.PI / 12, c.phase + Math.PI / 12, Math.PI / 24));
    // A band as wide as the arc and the warp's wobble around the fit, painted paper-coloured.
    const [x0, x1] = [xs[top.from] as number, xs[top.to] as number];
    for (let x = Math.max(0, Math.floor(x0) - 3); x < Math.min(img.w, Math.ceil(x1) + 3); x++) {
      const y = top.mid + top.amp * Math.sin(top.phase + (2 * Math.PI * x) / top.wave);
      for (let yy = Math.max(0, Math.round(y - 2)); yy <= Math.min(img.h - 1, Math.round(y + 2)); yy++) px[yy * img.w + x] = paper;
    }
  }
  return out;
}
