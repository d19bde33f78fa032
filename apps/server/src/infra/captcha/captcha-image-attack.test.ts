import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_LENGTHS, renderCaptchaImageWithLayout } from './captcha-render.js';
import { seededRandom } from './audio-solver.fixtures.js';
import { ocrCaptchaImage, tesseractAvailable } from './image-attack.fixtures.js';
import {
  darknessOf,
  knn,
  mlp,
  plainCaptchaImage,
  readAtBoxes,
  readByCells,
  readByComponents,
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
 * renders, template matching with our own glyphs, and Tesseract after the usual cleaning. Each attack first proves it
 * is real on digits without the defences, then may read at most 2 of 40 seeded challenges (5 %). Two ways of reading
 * are still above that and are held to today's figures instead (docs/decisions.md, issue 30 image captcha): the
 * sliding window, and reading at the true boxes, an upper bound no real attacker has. About 90 s on a loaded machine.
 */

const CHALLENGES = 40;
const MAX_SOLVED = 2;
const TRAIN = 300;
/**
 * Above the goal, held as ceilings so the image cannot get weaker unnoticed: the true boxes tell the classifier where
 * every digit is (an oracle: per digit it is still right 83–87 % of the time); the sliding window finds digits by a
 * learnt "no digit here" class, told the count (an oracle too) or guessing it.
 */
const ABOVE_GOAL: Record<string, number> = {
  'k-NN at the true boxes': 14,
  'net at the true boxes': 20,
  'net by sliding window, told the count': 4,
  'net by sliding window': 3,
};

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

async function trainingSet(render: Render, seed: number, count: number, lengths?: readonly number[]): Promise<Sample[]> {
  const random = seededRandom(seed);
  const samples: Sample[] = [];
  for (const c of await challenges(render, seed, count, lengths)) samples.push(...samplesOf(c.img, c.text, c.boxes, random));
  return samples;
}

/** Whole answers and digits right for one way of reading. */
function score(set: readonly Challenge[], read: (c: Challenge) => string) {
  let [solved, digits, total] = [0, 0, 0];
  for (const c of set) {
    const guess = read(c);
    if (guess === c.text) solved++;
    for (let k = 0; k < c.text.length; k++) if (guess[k] === c.text[k]) digits++;
    total += c.text.length;
  }
  return { solved, digits: Math.round((100 * digits) / total) };
}

/**
 * Every segmentation: the true boxes (oracle), equal cells and the sliding window told the count (also an oracle the
 * page does not give), the sliding window guessing the count, and connected components.
 */
function readEveryWay(set: readonly Challenge[], nearest: Classifier, net: Classifier, lengths: readonly number[]) {
  return {
    'k-NN at the true boxes': score(set, (c) => readAtBoxes(c.img, c.boxes, nearest)),
    'net at the true boxes': score(set, (c) => readAtBoxes(c.img, c.boxes, net)),
    'k-NN in equal cells, told the count': score(set, (c) => readByCells(c.img, nearest, c.text.length)),
    'net in equal cells, told the count': score(set, (c) => readByCells(c.img, net, c.text.length)),
    'net by sliding window, told the count': score(set, (c) => readBySlidingWindow(c.img, net, [c.text.length])),
    'net by sliding window': score(set, (c) => readBySlidingWindow(c.img, net, lengths)),
    'net by connected components': score(set, (c) => readByComponents(c.img, net)),
  };
}

describe('image captcha against a classifier trained on our own renders', () => {
  it('is a real attack: trained on plain digits, it reads plain digits every way', async () => {
    const samples = await trainingSet(plainCaptchaImage, 1, 60, [5]);
    const test = await challenges(plainCaptchaImage, 2, 20, [5]);
    const results = readEveryWay(test, knn(samples), mlp(samples, seededRandom(3), { epochs: 8 }), CAPTCHA_LENGTHS);
    console.info('learned attack on plain digits', results);
    for (const [way, r] of Object.entries(results)) expect(r.solved, way).toBeGreaterThanOrEqual(17);
  });

  it(`reads at most ${MAX_SOLVED} of ${CHALLENGES} challenges by cells and components, no more than measured otherwise`, async () => {
    const samples = await trainingSet(renderCaptchaImageWithLayout, 30, TRAIN);
    const test = await challenges(renderCaptchaImageWithLayout, 31, CHALLENGES);
    const results = readEveryWay(test, knn(samples), mlp(samples, seededRandom(32)), CAPTCHA_LENGTHS);
    console.info(`learned attack (${samples.length} training windows from ${TRAIN} renders)`, results);
    for (const [way, r] of Object.entries(results)) {
      expect(r.solved, way).toBeLessThanOrEqual(ABOVE_GOAL[way] ?? MAX_SOLVED);
    }
  });
});

describe('image captcha against template matching with our own glyphs', () => {
  it(`is a real attack on plain digits, and reads at most ${MAX_SOLVED} of ${CHALLENGES} challenges told the count`, async () => {
    const templates = await glyphTemplates();
    let [plainRead, read] = [0, 0];
    for (const c of await challenges(plainCaptchaImage, 4, 20, [5])) if ((await solveImageByTemplates(c.png, templates)) === c.text) plainRead++;
    for (const c of await challenges(renderCaptchaImageWithLayout, 33, CHALLENGES)) {
      if ((await solveImageByTemplates(c.png, templates, c.text.length)) === c.text) read++;
    }
    console.info('template attack', { plainRead, read });
    expect(plainRead).toBeGreaterThanOrEqual(16);
    expect(read).toBeLessThanOrEqual(MAX_SOLVED);
  });
});

describe.skipIf(!tesseractAvailable())('image captcha against Tesseract after the usual cleaning', () => {
  it('the OCR is a real attack: it reads plain printed digits', async () => {
    const random = seededRandom(11);
    let read = 0;
    for (let i = 0; i < 5; i++) {
      const text = Array.from({ length: 5 }, () => String(Math.floor(random() * 10))).join('');
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="64"><rect width="200" height="64" fill="#fff"/>` +
        `<text x="20" y="46" font-family="DejaVu Sans" font-size="36" fill="#222">${text}</text></svg>`;
      if ((await ocrCaptchaImage(await sharp(Buffer.from(svg)).png().toBuffer())) === text) read++;
    }
    expect(read).toBeGreaterThanOrEqual(4);
  });

  it(`reads at most ${MAX_SOLVED} of ${CHALLENGES} challenges`, async () => {
    let solved = 0;
    for (const c of await challenges(renderCaptchaImageWithLayout, 34, CHALLENGES)) if ((await ocrCaptchaImage(c.png)) === c.text) solved++;
    console.info('tesseract', { solved });
    expect(solved).toBeLessThanOrEqual(MAX_SOLVED);
  });
});
