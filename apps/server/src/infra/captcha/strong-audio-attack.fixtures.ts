import { readFileSync } from 'node:fs';
import { fft, pcm } from './audio-solver.fixtures.js';
import { melFilters, resample, segmentByEnergy } from './audio-attack.fixtures.js';

/**
 * A stronger audio attack that knows the generator (issue 30, H6): the renderer plays our own recordings faster or
 * slower (pitch and tempo together) over quieter babble. So: templates are the recordings resampled on a fine grid of
 * rates (every 2.5 % from 0.75× to 1.25×), compared as log-mel spectrograms with a one-sided distance — a template's
 * strong bins must be present in the challenge, while extra energy costs only where it is louder than the babble can
 * be — under subsequence DTW. Babble only adds energy, so this "missing-feature" match ignores most of it; MFCCs mix
 * it in. On the issue-18 audio it reads 60 % of challenges (90 % of digits) where the MFCC attack read 10 %.
 */

const FRAME = 400;
const HOP = 160;
const NFFT = 512;
const MELS = 40;
const FLOOR = -50;
/** Bins of a template this far under its peak are not required to be present. */
const REQUIRED = -32;
/** The price of energy the template lacks (babble) against energy it needs and does not find. */
const EXTRA_WEIGHT = 0.15;
/** What the attacker knows of the babble: other digits at about a quarter of the voice, so under -18 dB of its peak. */
const BABBLE = -18;

export const STRONG_RATES = Array.from({ length: 21 }, (_, i) => 0.75 + i * 0.025);

const melBank = melFilters(MELS, 80, 7800);
const hann = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));

/** Log-mel frames in dB, and each frame's speech-band energy for cutting. */
export function logMel(x: Float64Array): { frames: Float64Array[]; energy: Float64Array } {
  const count = Math.max(0, Math.floor((x.length - FRAME) / HOP) + 1);
  const frames: Float64Array[] = [];
  const energy = new Float64Array(count);
  const re = new Float64Array(NFFT);
  const im = new Float64Array(NFFT);
  for (let f = 0; f < count; f++) {
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < FRAME; i++) re[i] = (x[f * HOP + i] as number) * (hann[i] as number);
    fft(re, im, false);
    const power = new Float64Array(NFFT / 2 + 1);
    let e = 0;
    for (let k = 0; k <= NFFT / 2; k++) {
      power[k] = (re[k] as number) ** 2 + (im[k] as number) ** 2;
      if (k >= 7 && k <= 128) e += power[k] as number;
    }
    energy[f] = 10 * Math.log10(e + 1e-10);
    const row = new Float64Array(MELS);
    for (let m = 0; m < MELS; m++) {
      const w = melBank[m] as Float64Array;
      let s = 0;
      for (let k = 0; k <= NFFT / 2; k++) s += (w[k] as number) * (power[k] as number);
      row[m] = 10 * Math.log10(s + 1e-10);
    }
    frames.push(row);
  }
  return { frames, energy };
}

/** Peak at 0 dB, nothing under FLOOR: the digit's gain is unknown, its shape is not. */
function normalised(frames: Float64Array[]): Float64Array[] {
  let top = -Infinity;
  for (const row of frames) for (const v of row) top = Math.max(top, v);
  return frames.map((row) => row.map((v) => Math.max(FLOOR, v - top)));
}

export type SpectralTemplate = { digit: number; frames: Float64Array[] };

/** Every recording at every rate of the grid, trimmed to the word (frames within 30 dB of its loudest). */
export function spectralTemplates(dir: URL, rates: readonly number[] = STRONG_RATES): SpectralTemplate[] {
  const out: SpectralTemplate[] = [];
  for (let digit = 0; digit < 10; digit++) {
    const x = pcm(readFileSync(new URL(`${digit}.wav`, dir)));
    for (const rate of rates) {
      const { frames, energy } = logMel(resample(x, rate));
      const top = energy.reduce((m, v) => Math.max(m, v), -Infinity);
      let a = 0;
      let b = energy.length - 1;
      while (a < b && (energy[a] as number) < top - 30) a++;
      while (b > a && (energy[b] as number) < top - 30) b--;
      out.push({ digit, frames: normalised(frames.slice(a, b + 1)) });
    }
  }
  return out;
}

function frameCost(t: Float64Array, o: Float64Array): number {
  let s = 0;
  for (let m = 0; m < MELS; m++) {
    const tm = t[m] as number;
    const missing = tm - (o[m] as number);
    if (missing > 0 && tm > REQUIRED) s += missing * missing;
    // Energy under the babble's ceiling may be babble: only louder energy the template lacks counts against it.
    const extra = (o[m] as number) - Math.max(tm, BABBLE);
    if (extra > 0) s += EXTRA_WEIGHT * extra * extra;
  }
  return s / MELS;
}

/**
 * The best mean cost of the whole template against any stretch of `x` (steps keep the slope between 1/2 and 2), or
 * Infinity as soon as it cannot come under `bound`: every path crosses every template row and frame costs are never
 * negative, so a row whose cheapest cell already exceeds `bound` × rows ends the search without changing the answer.
 */
function matchCost(t: Float64Array[], x: Float64Array[], bound = Infinity): number {
  const n = t.length;
  const m = x.length;
  const limit = bound * n;
  let prev = new Float64Array(m);
  let prev2 = new Float64Array(m).fill(Infinity);
  let cur = new Float64Array(m);
  for (let j = 0; j < m; j++) prev[j] = frameCost(t[0] as Float64Array, x[j] as Float64Array);
  for (let i = 1; i < n; i++) {
    cur.fill(Infinity);
    const ti = t[i] as Float64Array;
    let rowMin = Infinity;
    for (let j = 1; j < m; j++) {
      // (i-1, j-1) diagonal, (i-1, j-2) the challenge faster, (i-2, j-1) the challenge slower.
      const best = Math.min(prev[j - 1] as number, j >= 2 ? (prev[j - 2] as number) : Infinity, prev2[j - 1] as number);
      if (best >= limit) continue;
      const v = best + frameCost(ti, x[j] as Float64Array);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // prev2 and cur trade buffers: prev2's old row is never read again.
    [prev2, prev, cur] = [prev, cur, prev2];
    if (rowMin >= limit) return Infinity;
  }
  return prev.reduce((mn, v) => Math.min(mn, v), Infinity) / n;
}

/** The digit of the cheapest template; templates that cannot beat the best so far stop early (same answer, less work). */
function classify(segment: Float64Array[], templates: readonly SpectralTemplate[]): number {
  const x = normalised(segment);
  let best = { cost: Infinity, digit: 0 };
  for (const t of templates) {
    const cost = matchCost(t.frames, x, best.cost);
    if (cost < best.cost || (cost === best.cost && t.digit < best.digit)) best = { cost, digit: t.digit };
  }
  return best.digit;
}

/** Cuts the challenge into `length` bursts by energy, then names each by its best spectral template. */
export function solveSpectral(wav: Buffer, templates: readonly SpectralTemplate[], length: number): string {
  const { frames, energy } = logMel(pcm(wav));
  const pad = 6;
  return segmentByEnergy(energy, length)
    .map(([a, b]) => classify(frames.slice(Math.max(0, a - pad), b + pad + 1), templates))
    .join('');
}
