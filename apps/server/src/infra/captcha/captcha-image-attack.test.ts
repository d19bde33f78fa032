import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCaptchaImageWithLayout } from './captcha-render.js';
import { seededRandom } from './audio-solver.fixtures.js';
import { ocrCaptchaImage, tesseractAvailable } from './image-attack.fixtures.js';
import {
  darknessOf,
  knn,
  mlp,
  plainCaptchaImage,
  readAtBoxes,
  readByCells,
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
 * is real on digits without the defences, then is held to what it reads of 40 seeded challenges today. The goal is at
 * most 1 of 40 (under 5 %); template matching and Tesseract are at 2 of 40 and the learned attack well above — see
 * docs/decisions.md. About 40 s on a loaded machine.
 */

const CHALLENGES = 40;
const MAX_SOLVED = 1;
const TRAIN = 300;
/**
 * What the learned attack reads today (seeded, so a run repeats it), held as a ceiling so the image cannot get
 * weaker unnoticed. Above the goal: a classifier that knows where a digit is reads nearly every digit, and one that
 * also learnt what lies between digits finds them by sliding window (docs/decisions.md, issue 30 image captcha).
 */
const LEARNED_CEILING = {
  'k-NN at the true boxes': 26,
  'k-NN in equal cells': 4,
  'net at the true boxes': 30,
  'net in equal cells': 5,
  'net by sliding window': 14,
};
const textOf = (random: () => number) => Array.from({ length: 5 }, () => String(Math.floor(random() * 10))).join('');

type Render = (text: string, random: () => number) => Promise<{ png: Buffer; boxes: DigitBox[] }>;
type Challenge = { text: string; img: Darkness; png: Buffer; boxes: DigitBox[] };

async function challenges(render: Render, seed: number, count: number): Promise<Challenge[]> {
  const random = seededRandom(seed);
  const out: Challenge[] = [];
  for (let i = 0; i < count; i++) {
    const text = textOf(random);
    const { png, boxes } = await render(text, random);
    out.push({ text, png, boxes, img: await darknessOf(png) });
  }
  return out;
}

async function trainingSet(render: Render, seed: number, count: number): Promise<Sample[]> {
  const random = seededRandom(seed);
  const samples: Sample[] = [];
  for (const c of await challenges(render, seed, count)) samples.push(...samplesOf(c.img, c.text, c.boxes, random));
  return samples;
}

/** Whole answers and digits right for one way of reading. */
function score(set: readonly Challenge[], read: (c: Challenge) => string) {
  let [solved, digits] = [0, 0];
  for (const c of set) {
    const guess = read(c);
    if (guess === c.text) solved++;
    for (let k = 0; k < c.text.length; k++) if (guess[k] === c.text[k]) digits++;
  }
  return { solved, digits: Math.round((100 * digits) / (set.length * 5)) };
}

/** Every segmentation with both learners; the sliding window (hundreds of windows a challenge) with the net only. */
function readEveryWay(set: readonly Challenge[], nearest: Classifier, net: Classifier) {
  return {
    'k-NN at the true boxes': score(set, (c) => readAtBoxes(c.img, c.boxes, nearest)),
    'k-NN in equal cells': score(set, (c) => readByCells(c.img, nearest)),
    'net at the true boxes': score(set, (c) => readAtBoxes(c.img, c.boxes, net)),
    'net in equal cells': score(set, (c) => readByCells(c.img, net)),
    'net by sliding window': score(set, (c) => readBySlidingWindow(c.img, net)),
  };
}

describe('image captcha against a classifier trained on our own renders', () => {
  it('is a real attack: trained on plain digits, it reads plain digits', async () => {
    const samples = await trainingSet(plainCaptchaImage, 1, 60);
    const test = await challenges(plainCaptchaImage, 2, 20);
    const results = readEveryWay(test, knn(samples), mlp(samples, seededRandom(3), { epochs: 8 }));
    console.info('learned attack on plain digits', results);
    for (const r of Object.values(results)) expect(r.solved).toBeGreaterThanOrEqual(18);
  });

  it(`reads ${CHALLENGES} challenges no better than measured (the goal, ${MAX_SOLVED}, is not met: docs/decisions.md)`, async () => {
    const samples = await trainingSet(renderCaptchaImageWithLayout, 30, TRAIN);
    const test = await challenges(renderCaptchaImageWithLayout, 31, CHALLENGES);
    const results = readEveryWay(test, knn(samples), mlp(samples, seededRandom(32)));
    console.info(`learned attack (${samples.length} training windows from ${TRAIN} renders)`, results);
    for (const [way, ceiling] of Object.entries(LEARNED_CEILING)) expect(results[way as keyof typeof results].solved, way).toBeLessThanOrEqual(ceiling);
  });
});

describe('image captcha against template matching with our own glyphs', () => {
  // Measured 17 of 20 plain and 2 of 40 challenges (5 %: at the bound, not under it).
  it(`is a real attack on plain digits, and reads at most 2 of ${CHALLENGES} challenges`, async () => {
    const templates = await glyphTemplates();
    let [plainRead, read] = [0, 0];
    for (const c of await challenges(plainCaptchaImage, 4, 20)) if ((await solveImageByTemplates(c.png, templates)) === c.text) plainRead++;
    for (const c of await challenges(renderCaptchaImageWithLayout, 33, CHALLENGES)) if ((await solveImageByTemplates(c.png, templates)) === c.text) read++;
    console.info('template attack', { plainRead, read });
    expect(plainRead).toBeGreaterThanOrEqual(16);
    expect(read).toBeLessThanOrEqual(2);
  });
});

describe.skipIf(!tesseractAvailable())('image captcha against Tesseract after the usual cleaning', () => {
  it('the OCR is a real attack: it reads plain printed digits', async () => {
    const random = seededRandom(11);
    let read = 0;
    for (let i = 0; i < 5; i++) {
      const text = textOf(random);
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="64"><rect width="200" height="64" fill="#fff"/>` +
        `<text x="20" y="46" font-family="DejaVu Sans" font-size="36" fill="#222">${text}</text></svg>`;
      if ((await ocrCaptchaImage(await sharp(Buffer.from(svg)).png().toBuffer())) === text) read++;
    }
    expect(read).toBeGreaterThanOrEqual(4);
  });

  // Measured 2 of 40 (5 %: at the bound, not under it).
  it(`reads at most 2 of ${CHALLENGES} challenges`, async () => {
    let solved = 0;
    for (const c of await challenges(renderCaptchaImageWithLayout, 34, CHALLENGES)) if ((await ocrCaptchaImage(c.png)) === c.text) solved++;
    console.info('tesseract', { solved });
    expect(solved).toBeLessThanOrEqual(2);
  });
});
