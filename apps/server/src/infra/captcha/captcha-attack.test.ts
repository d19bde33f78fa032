import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCaptchaAudio, renderDigitVoice } from './captcha-render.js';
import { recordingTemplates, rendererTemplates, solveBySegments, solveBySpotting } from './audio-attack.fixtures.js';
import { seededRandom } from './audio-solver.fixtures.js';
import { renderLegacyAudio, wavOf } from './legacy-audio.fixtures.js';
import { solveSpectral, spectralTemplates } from './strong-audio-attack.fixtures.js';

/**
 * The audio captcha against programs that know our code (issue 30): 60 seeded challenges each, and each attack must
 * solve fewer than 5 % (at most 2). Heavy by design, so it lives apart from the renderer's quick tests; the image's
 * attacks are in captcha-image-attack.test.ts.
 */

// CAPTCHA_ATTACK_SAMPLE=<n> attacks n challenges instead (the proof run of docs/decisions.md, issue 30); CI attacks 60.
const CHALLENGES = Number(process.env.CAPTCHA_ATTACK_SAMPLE ?? 60);
// Minutes of CPU on a busy two-core machine; the wall times on a quiet one are in docs/decisions.md.
const HEAVY = { timeout: 300_000 };
/** 2 of 60 (3.3 %). */
const MAX_SOLVED = Math.floor(CHALLENGES / 30);
const dir = new URL('../../../assets/captcha-audio/', import.meta.url);
const textOf = (random: () => number) => Array.from({ length: 5 }, () => String(Math.floor(random() * 10))).join('');

/** The recordings laid out plainly (random gaps, faint noise): what a captcha without the renderer's defences sounds like. */
function plainLayout(text: string, random: () => number): Buffer {
  const clips = [...text].map((d) => {
    const wav = readFileSync(new URL(`${d}.wav`, dir));
    const data = wav.indexOf('data');
    return new Int16Array(wav.buffer.slice(wav.byteOffset + data + 8, wav.byteOffset + wav.length));
  });
  const gaps = clips.map(() => Math.round(16_000 * (0.25 + random() * 0.35)));
  const total = clips.reduce((n, c, i) => n + c.length + (gaps[i] as number), 8000);
  const out = Buffer.alloc(44 + total * 2);
  let at = 4000;
  clips.forEach((clip, i) => {
    at += gaps[i] as number;
    for (let k = 0; k < clip.length; k++) out.writeInt16LE(clip[k] as number, 44 + (at + k) * 2);
    at += clip.length;
  });
  for (let k = 0; k < total; k++) {
    const v = out.readInt16LE(44 + k * 2) + Math.round((random() * 2 - 1) * 700);
    out.writeInt16LE(Math.max(-32768, Math.min(32767, v)), 44 + k * 2);
  }
  out.write('RIFF', 0, 'ascii');
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(total * 2, 40);
  return out;
}

describe('audio captcha against a DTW solver built from our renderer and recordings', HEAVY, () => {
  // Templates: every recording over the renderer's speed range, plus digits spoken by the renderer's own voice code.
  const voiceRandom = seededRandom(99);
  const templates = [...recordingTemplates(dir), ...rendererTemplates((d) => renderDigitVoice(d, voiceRandom), 4)];
  const recordings = recordingTemplates(dir);

  it('the solver is a real attack: it reads plainly laid out recordings', () => {
    const random = seededRandom(5);
    let solved = 0;
    for (let i = 0; i < 12; i++) {
      const text = textOf(random);
      if (solveBySegments(plainLayout(text, random), recordings, 5) === text) solved++;
    }
    // Five digits right in a row: 8 of 12 means about 93 % of digits.
    expect(solved).toBeGreaterThanOrEqual(8);
  });

  it(`solves at most ${MAX_SOLVED} of ${CHALLENGES} challenges, cutting by energy or spotting templates`, () => {
    const random = seededRandom(30);
    let bySegments = 0;
    let bySpotting = 0;
    let digitsRight = 0;
    for (let i = 0; i < CHALLENGES; i++) {
      const text = textOf(random);
      const wav = renderCaptchaAudio(text, random);
      const guess = solveBySegments(wav, templates, 5);
      if (guess === text) bySegments++;
      if (solveBySpotting(wav, recordings, 5) === text) bySpotting++;
      for (let k = 0; k < 5; k++) if (guess[k] === text[k]) digitsRight++;
    }
    console.info(`template attacks on ${CHALLENGES} challenges`, { bySegments, bySpotting, digitsRight: digitsRight / (CHALLENGES * 5) });
    expect(bySegments).toBeLessThanOrEqual(MAX_SOLVED);
    expect(bySpotting).toBeLessThanOrEqual(MAX_SOLVED);
    // Digit by digit it stays far from reliable (5 right in a row needs more than 55 % each).
    expect(digitsRight).toBeLessThan(0.45 * CHALLENGES * 5);
  });
});

/**
 * The stronger attack (issue 30, H6): log-mel templates of our recordings on a 2.5 % rate grid, matched one-sidedly
 * so the babble the renderer adds costs nothing (strong-audio-attack.fixtures.ts). It must first read the issue-18
 * audio well — the audio the issue says was answered 83 % of the time — or its result on the new audio proves nothing.
 */
describe('audio captcha against a babble-aware spectral solver that knows the renderer', HEAVY, () => {
  const templates = spectralTemplates(dir);
  const attack = (render: (text: string, random: () => number) => Buffer, seed: number, count: number) => {
    const random = seededRandom(seed);
    let solved = 0;
    let digits = 0;
    for (let i = 0; i < count; i++) {
      const text = textOf(random);
      const guess = solveSpectral(render(text, random), templates, 5);
      if (guess === text) solved++;
      for (let k = 0; k < 5; k++) if (guess[k] === text[k]) digits++;
    }
    return { solved, digits: digits / (count * 5) };
  };

  it('is a real attack: it reads the issue-18 audio (measured 12 of 20, 90 % of digits)', () => {
    const legacy = attack((text, random) => wavOf(renderLegacyAudio(text, random, dir)), 40, 20);
    expect(legacy.solved).toBeGreaterThanOrEqual(10);
    expect(legacy.digits).toBeGreaterThanOrEqual(0.8);
  });

  const strongCount = Math.round((CHALLENGES * 2) / 3);
  it(`solves at most ${Math.floor(strongCount / 40)} of ${strongCount} new challenges (under 5 %), and under 45 % of digits (measured 0 of 40, 21–29 %)`, () => {
    const current = attack((text, random) => renderCaptchaAudio(text, random), 32, strongCount);
    console.info('spectral attack on the current audio', current);
    expect(current.solved).toBeLessThanOrEqual(Math.floor(strongCount / 40));
    expect(current.digits).toBeLessThan(0.45);
  });
});
