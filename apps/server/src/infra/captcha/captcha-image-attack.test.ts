import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_LENGTHS, renderCaptchaImageWithLayout } from './captcha-render.js';
import { seededRandom } from './audio-solver.fixtures.js';
import { ocrCaptchaImages, tesseractAvailable } from './image-attack.fixtures.js';
import {
  darknessOf,
  knn,
  mlp,
  plainCaptchaImage,
  readAtBoxes,
  readByCells,
  readByComponents,
  readByProjection,
  readBySlidingWindow,
  samplesOf,
  type Classifier,
  type Darkness,
  type Sample,
} from './image-learned-attack.fixtures.js';
import { glyphTemplates, solveImageByTemplates } from './image-template-attack.fixtures.js';
import type { DigitBox } from './captcha-render.js';

/**
 * The image captcha against programs that know our code (issue 30): a classifier that learns our digits from our own
 * renders (where the renderer says it drew them, so it learns the pens, warps, arcs and scraps too) and reads a
 * challenge by every segmentation we could write; template matching with our own glyphs over the renderer's rotations
 * and skews; Tesseract after the usual cleaning. Each attack first proves it is real on digits without the defences;
 * then every attack reads the same FRESH seeded challenges, rendered once for the whole file, and must answer fewer
 * than 5 % of them (the 95 % upper bound of each rate is printed). Readings told the count (an oracle the page does not
 * give) must stay under 5 % too; reading at the renderer's true boxes (an oracle no attacker has) is printed only.
 */

// CAPTCHA_ATTACK_SAMPLE=<n> reads n challenges instead (the proof run of docs/decisions.md, issue 30: a sample whose
// 95 % upper bound can fall under 5 %); CI reads 120.
const FRESH = Number(process.env.CAPTCHA_ATTACK_SAMPLE ?? 120);
/** At most this many of FRESH answered (5 of 120, 4.2 %): under 5 % (docs/decisions.md, issue 30, the image captcha: one ink). */
const MAX_SOLVED = Math.floor(FRESH / 24);
const TRAIN = 300;
// CPU-bound for a minute or two each; on a loaded two-core machine that is many minutes of wall time (no timing asserted).
const HEAVY = { timeout: 900_000 };

type Render = (text: string, random: () => number) => Promise<{ png: Buffer; boxes: DigitBox[] }>;
type Challenge = { text: string; img: Darkness; png: Buffer; boxes: DigitBox[] };

async function challenges(render: Render, seed: number, count: number, lengths: readonly number[] = CAPTCHA_LENGTHS): Promise<Challenge[]> {
  const random = seededRandom(seed);
  const out: Challenge[] = [];
  for (let i = 0; i < count; i++) {
    // One length: no draw, so the plain sets repeat the challenges the attacks were first measured on.
    const length = lengths.length === 1 ? (lengths[0] as number) : (lengths[Math.floor(random() * lengths.length)] as number);
    const text = Array.from({ length }, () => String(Math.floor(random() * 10))).join('');
    const { png, boxes } = await render(text, random);
    out.push({ text, png, boxes, img: await darknessOf(png) });
  }
  return out;
}

function samplesFrom(set: readonly Challenge[], seed: number): Sample[] {
  const random = seededRandom(seed);
  return set.flatMap((c) => samplesOf(c.img, c.text, c.boxes, random));
}

// Rendered once for the file: every attack reads the same fresh challenges.
let fresh: Promise<Challenge[]> | undefined;
const freshChallenges = () => (fresh ??= challenges(renderCaptchaImageWithLayout, 131, FRESH));

/** Exact (Clopper–Pearson) one-sided 95 % upper bound of a rate from `k` successes in `n` tries. */
function upper95(k: number, n: number): number {
  if (k >= n) return 1;
  const cdf = (p: number) => {
    let [term, sum] = [(1 - p) ** n, 0];
    for (let i = 0; i <= k; i++) {
      sum += term;
      term *= ((n - i) / (i + 1)) * (p / (1 - p));
    }
    return sum;
  };
  let [lo, hi] = [k / n, 1];
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) > 0.05) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Whole answers and digits right for one way of reading. */
function score(set: readonly Challenge[], guesses: readonly string[]) {
  let [solved, digits, total] = [0, 0, 0];
  set.forEach((c, i) => {
    const guess = guesses[i] as string;
    if (guess === c.text) solved++;
    for (let k = 0; k < c.text.length; k++) if (guess[k] === c.text[k]) digits++;
    total += c.text.length;
  });
  return { solved, digits: Math.round((100 * digits) / total), upper95: `${(100 * upper95(solved, set.length)).toFixed(1)} %` };
}

/**
 * Every segmentation that does not know the count (sliding window, column projection, connected components, each
 * guessing among the counts the renderer draws), the same told the count, and equal cells told the count.
 */
function readEveryWay(set: readonly Challenge[], nearest: Classifier, net: Classifier, lengths: readonly number[]) {
  const ways: Record<string, (c: Challenge) => string> = {
    'net by sliding window': (c) => readBySlidingWindow(c.img, net, lengths),
    'net by column projection': (c) => readByProjection(c.img, net, lengths),
    'net by connected components': (c) => readByComponents(c.img, net),
    'net by sliding window, told the count': (c) => readBySlidingWindow(c.img, net, [c.text.length]),
    'net by column projection, told the count': (c) => readByProjection(c.img, net, [c.text.length]),
    'k-NN in equal cells, told the count': (c) => readByCells(c.img, nearest, c.text.length),
    'net in equal cells, told the count': (c) => readByCells(c.img, net, c.text.length),
  };
  return Object.fromEntries(Object.entries(ways).map(([way, read]) => [way, score(set, set.map(read))]));
}

describe('image captcha against a classifier trained on our own renders', HEAVY, () => {
  it('is a real attack: trained on plain digits, it reads plain digits every way', async () => {
    // Five plain digits, as when the attacks were first measured; the readings that guess the count guess 5 or 6 (the
    // counts the renderer drew then), so guessing the count is proved too.
    const samples = samplesFrom(await challenges(plainCaptchaImage, 1, 60, [5]), 1);
    const test = await challenges(plainCaptchaImage, 2, 20, [5]);
    const results = readEveryWay(test, knn(samples), mlp(samples, seededRandom(3), { epochs: 8 }), [5, 6]);
    console.info('learned attack on plain digits', results);
    for (const [way, r] of Object.entries(results)) expect(r.solved, way).toBeGreaterThanOrEqual(17);
  });

  it(`answers at most ${MAX_SOLVED} of ${FRESH} fresh challenges, whichever way it finds the digits`, async () => {
    const samples = samplesFrom(await challenges(renderCaptchaImageWithLayout, 30, TRAIN), 30);
    const test = await freshChallenges();
    const [nearest, net] = [knn(samples), mlp(samples, seededRandom(32))];
    const results = readEveryWay(test, nearest, net, CAPTCHA_LENGTHS);
    // The oracle: each digit read where the renderer drew it; how well the classifier reads a digit once found.
    const oracle = score(test, test.map((c) => readAtBoxes(c.img, c.boxes, net)));
    console.info(`learned attack (${samples.length} training windows from ${TRAIN} renders, ${FRESH} challenges)`, results, { 'net at the true boxes': oracle });
    for (const [way, r] of Object.entries(results)) expect(r.solved, way).toBeLessThanOrEqual(MAX_SOLVED);
  });
});

describe('image captcha against template matching with our own glyphs', HEAVY, () => {
  it(`is a real attack on plain digits, and answers at most ${MAX_SOLVED} of ${FRESH} challenges told the count`, async () => {
    const templates = await glyphTemplates();
    let plainRead = 0;
    for (const c of await challenges(plainCaptchaImage, 4, 20, [5])) if ((await solveImageByTemplates(c.png, templates)) === c.text) plainRead++;
    const test = await freshChallenges();
    const guesses: string[] = [];
    for (const c of test) guesses.push(await solveImageByTemplates(c.png, templates, c.text.length));
    const result = score(test, guesses);
    console.info('template attack', { plainRead, ...result });
    expect(plainRead).toBeGreaterThanOrEqual(16);
    expect(result.solved).toBeLessThanOrEqual(MAX_SOLVED);
  });
});

describe.skipIf(!tesseractAvailable())('image captcha against Tesseract after the usual cleaning', HEAVY, () => {
  it(`reads plain printed digits (so it is a real attack), and at most ${MAX_SOLVED} of ${FRESH} challenges`, async () => {
    const random = seededRandom(11);
    const printed = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const text = Array.from({ length: 5 }, () => String(Math.floor(random() * 10))).join('');
        const svg =
          `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="64"><rect width="200" height="64" fill="#fff"/>` +
          `<text x="20" y="46" font-family="DejaVu Sans" font-size="36" fill="#222">${text}</text></svg>`;
        return { text, png: await sharp(Buffer.from(svg)).png().toBuffer() };
      }),
    );
    const test = await freshChallenges();
    // One Tesseract process for the lot: same readings, one model load.
    const readings = await ocrCaptchaImages([...printed.map((p) => p.png), ...test.map((c) => c.png)]);
    const plainRead = printed.filter((p, i) => readings[i] === p.text).length;
    const result = score(test, readings.slice(printed.length));
    console.info('tesseract', { plainRead, ...result });
    expect(plainRead).toBeGreaterThanOrEqual(4);
    expect(result.solved).toBeLessThanOrEqual(MAX_SOLVED);
  });
});
