import { readFileSync } from 'node:fs';
import { fft, pcm } from './audio-solver.fixtures.js';

/**
 * The strongest audio attack we could write knowing the renderer: MFCC features (pre-emphasis, 25 ms Hamming frames,
 * 26 mel bands; no cepstral mean normalisation: it cost this attack more than it gained), templates from the shipped recordings resampled over a grid of rates
 * (time stretch and pitch together, as the renderer does) plus digits produced by the renderer's own voice function,
 * and dynamic time warping (each template frame matched once, the challenge advancing 0–2 frames per step, so a
 * template matches speech from half to twice its speed). Two strategies: cut the challenge by energy into exactly
 * `length` segments and classify each, or spot every template anywhere and keep the best non-overlapping matches.
 */

const SR = 16_000;
const FRAME = 400;
const HOP = 160;
const NFFT = 512;
const MELS = 26;
const CEPS = 12;

export type Features = { mfcc: Float64Array[]; energy: Float64Array };
export type Template = { digit: number; mfcc: Float64Array[] };

const hz2mel = (f: number) => 2595 * Math.log10(1 + f / 700);
const mel2hz = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Triangular mel filters over an NFFT-point spectrum at 16 kHz, `count` bands from `loHz` to `hiHz`. */
export function melFilters(count: number, loHz: number, hiHz: number): Float64Array[] {
  const lo = hz2mel(loHz);
  const hi = hz2mel(hiHz);
  const edges = Array.from({ length: count + 2 }, (_, i) => (mel2hz(lo + ((hi - lo) * i) / (count + 1)) * NFFT) / SR);
  return Array.from({ length: count }, (_, m) => {
    const w = new Float64Array(NFFT / 2 + 1);
    const [a, b, c] = [edges[m] as number, edges[m + 1] as number, edges[m + 2] as number];
    for (let k = 0; k <= NFFT / 2; k++) {
      if (k > a && k <= b) w[k] = (k - a) / (b - a);
      else if (k > b && k < c) w[k] = (c - k) / (c - b);
    }
    return w;
  });
}

const melBank = melFilters(MELS, 100, 7600);

const hamming = Float64Array.from({ length: FRAME }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));

export function features(x: Float64Array): Features {
  const frames = Math.max(0, Math.floor((x.length - FRAME) / HOP) + 1);
  const mfcc: Float64Array[] = [];
  const energy = new Float64Array(frames);
  const re = new Float64Array(NFFT);
  const im = new Float64Array(NFFT);
  const logMel = new Float64Array(MELS);
  for (let f = 0; f < frames; f++) {
    re.fill(0);
    im.fill(0);
    const at = f * HOP;
    for (let i = 0; i < FRAME; i++) {
      const prev = at + i > 0 ? (x[at + i - 1] as number) : 0;
      re[i] = ((x[at + i] as number) - 0.97 * prev) * (hamming[i] as number);
    }
    fft(re, im, false);
    let e = 0;
    const power = new Float64Array(NFFT / 2 + 1);
    for (let k = 0; k <= NFFT / 2; k++) {
      power[k] = (re[k] as number) ** 2 + (im[k] as number) ** 2;
      // Speech band only, so the energy track follows voices rather than hiss.
      if (k >= 7 && k <= 128) e += power[k] as number;
    }
    energy[f] = 10 * Math.log10(e + 1e-10);
    for (let m = 0; m < MELS; m++) {
      const w = melBank[m] as Float64Array;
      let s = 0;
      for (let k = 0; k <= NFFT / 2; k++) s += (w[k] as number) * (power[k] as number);
      logMel[m] = Math.log(s + 1e-10);
    }
    const c = new Float64Array(CEPS);
    for (let n = 1; n <= CEPS; n++) {
      let s = 0;
      for (let m = 0; m < MELS; m++) s += (logMel[m] as number) * Math.cos((Math.PI * n * (m + 0.5)) / MELS);
      c[n - 1] = s;
    }
    mfcc.push(c);
  }
  return { mfcc, energy };
}

/** Trims leading and trailing silence of a clean clip so templates hold only the word. */
function trimmed(x: Float64Array): Float64Array[] {
  const { mfcc, energy } = features(x);
  const top = energy.reduce((m, v) => Math.max(m, v), -Infinity);
  let a = 0;
  let b = energy.length - 1;
  while (a < b && (energy[a] as number) < top - 25) a++;
  while (b > a && (energy[b] as number) < top - 25) b--;
  return mfcc.slice(a, b + 1);
}

export function resample(x: Float64Array, rate: number): Float64Array {
  const out = new Float64Array(Math.floor((x.length - 1) / rate));
  for (let i = 0; i < out.length; i++) {
    const pos = i * rate;
    const k = Math.floor(pos);
    const f = pos - k;
    out[i] = (x[k] as number) * (1 - f) + (x[k + 1] ?? 0) * f;
  }
  return out;
}

export const ATTACK_RATES = [0.8, 0.9, 1, 1.1, 1.2] as const;

/** The shipped recordings at every rate of the grid (the renderer's speed/pitch range). */
export function recordingTemplates(dir: URL, rates: readonly number[] = ATTACK_RATES): Template[] {
  const out: Template[] = [];
  for (let digit = 0; digit < 10; digit++) {
    const x = pcm(readFileSync(new URL(`${digit}.wav`, dir)));
    for (const rate of rates) out.push({ digit, mfcc: trimmed(resample(x, rate)) });
  }
  return out;
}

/** Digits as the product's own renderer speaks them, `perDigit` random renders each. */
export function rendererTemplates(voice: (digit: number) => Float64Array, perDigit: number): Template[] {
  const out: Template[] = [];
  for (let digit = 0; digit < 10; digit++) {
    for (let i = 0; i < perDigit; i++) {
      const x = voice(digit);
      const peak = x.reduce((m, v) => Math.max(m, Math.abs(v)), 1e-9);
      out.push({ digit, mfcc: trimmed(x.map((v) => v / peak)) });
    }
  }
  return out;
}

/**
 * Templates cut out of whole one-digit challenges rendered by the product (babble and noise included), the same way
 * the segment solver cuts a challenge, so templates and segments look alike.
 */
export function challengeTemplates(render: (text: string) => Buffer, perDigit: number): Template[] {
  const out: Template[] = [];
  for (let digit = 0; digit < 10; digit++) {
    for (let i = 0; i < perDigit; i++) {
      const { mfcc, energy } = features(pcm(render(String(digit))));
      const [[a, b]] = segmentByEnergy(energy, 1) as [[number, number]];
      out.push({ digit, mfcc: mfcc.slice(a, b + 1) });
    }
  }
  return out;
}

const dist = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let k = 0; k < CEPS; k++) s += ((a[k] as number) - (b[k] as number)) ** 2;
  return Math.sqrt(s);
};

/**
 * Subsequence DTW: the whole template against any stretch of `x`. Returns, for every end frame of `x`, the mean
 * frame distance of the best alignment ending there and where it started. Itakura's constraint (the challenge may
 * stand still for one template frame, never two in a row) keeps the slope between 1/2 and 2.
 */
function spot(t: Float64Array[], x: Float64Array[], bound = Infinity): { cost: Float64Array; start: Int32Array } {
  const n = t.length;
  const m = x.length;
  // Distances are never negative, so once a whole row costs more than `bound` × rows no alignment can end under it.
  const limit = bound * n;
  // moved: the last step advanced the challenge; stayed: it did not.
  let moved = new Float64Array(m);
  let stayed = new Float64Array(m).fill(Infinity);
  let movedStart = new Int32Array(m);
  let stayedStart = new Int32Array(m);
  let nextMoved = new Float64Array(m);
  let nextStayed = new Float64Array(m);
  let nextMovedStart = new Int32Array(m);
  let nextStayedStart = new Int32Array(m);
  for (let j = 0; j < m; j++) {
    moved[j] = dist(t[0] as Float64Array, x[j] as Float64Array);
    movedStart[j] = j;
  }
  for (let i = 1; i < n; i++) {
    const ti = t[i] as Float64Array;
    let rowMin = Infinity;
    for (let j = 0; j < m; j++) {
      const d = dist(ti, x[j] as Float64Array);
      nextStayed[j] = (moved[j] as number) + d;
      nextStayedStart[j] = movedStart[j] as number;
      let best = Infinity;
      let from = j;
      // From j-1, then j-2 (unrolled: this is the solver's innermost loop).
      for (let k = j - 1; k >= j - 2 && k >= 0; k--) {
        if ((moved[k] as number) < best) {
          best = moved[k] as number;
          from = movedStart[k] as number;
        }
        if ((stayed[k] as number) < best) {
          best = stayed[k] as number;
          from = stayedStart[k] as number;
        }
      }
      nextMoved[j] = best + d;
      nextMovedStart[j] = from;
      rowMin = Math.min(rowMin, nextMoved[j] as number, nextStayed[j] as number);
    }
    [moved, nextMoved] = [nextMoved, moved];
    [stayed, nextStayed] = [nextStayed, stayed];
    [movedStart, nextMovedStart] = [nextMovedStart, movedStart];
    [stayedStart, nextStayedStart] = [nextStayedStart, stayedStart];
    if (rowMin >= limit) return { cost: new Float64Array(m).fill(Infinity), start: new Int32Array(m) };
  }
  const cost = new Float64Array(m);
  const start = new Int32Array(m);
  for (let j = 0; j < m; j++) {
    const useMoved = (moved[j] as number) <= (stayed[j] as number);
    cost[j] = (useMoved ? (moved[j] as number) : (stayed[j] as number)) / n;
    start[j] = useMoved ? (movedStart[j] as number) : (stayedStart[j] as number);
  }
  return { cost, start };
}

/** Exactly `length` stretches of speech, found by the energy threshold that yields that count most steadily. */
export function segmentByEnergy(energy: Float64Array, length: number): [number, number][] {
  const smooth = energy.map((_, i) => {
    let s = 0;
    let c = 0;
    for (let k = Math.max(0, i - 3); k <= Math.min(energy.length - 1, i + 3); k++, c++) s += energy[k] as number;
    return s / c;
  });
  const top = smooth.reduce((m, v) => Math.max(m, v), -Infinity);
  const runsAt = (threshold: number): [number, number][] => {
    const runs: [number, number][] = [];
    for (let i = 0; i < smooth.length; i++) {
      if ((smooth[i] as number) < threshold) continue;
      const last = runs[runs.length - 1];
      // Bridge dips under 80 ms: the gap between syllables of one word.
      if (last && i - last[1] <= 8) last[1] = i;
      else runs.push([i, i]);
    }
    return runs.filter(([a, b]) => b - a >= 12);
  };
  let bestStretch: { from: number; to: number } | undefined;
  let open: number | undefined;
  const step = 0.5;
  for (let th = top; th > top - 40; th -= step) {
    if (runsAt(th).length === length) {
      open ??= th;
      if (!bestStretch || open - th > bestStretch.from - bestStretch.to) bestStretch = { from: open, to: th };
    } else open = undefined;
  }
  if (bestStretch) {
    const threshold = (bestStretch.from + bestStretch.to) / 2;
    const runs = runsAt(threshold);
    // Never below the background: 2 dB over the quietest tenth of the challenge.
    const floor = ([...smooth].sort((a, b) => a - b)[Math.floor(smooth.length / 10)] as number) + 2;
    const edge = Math.max(threshold - 25, floor);
    // The count-steady threshold cuts near the loudest part; widen each run down its slopes, never past a neighbour.
    return runs.map(([a, b], i) => {
      const left = i > 0 ? ((runs[i - 1] as [number, number])[1] + a) / 2 : 0;
      const right = i < runs.length - 1 ? (b + (runs[i + 1] as [number, number])[0]) / 2 : smooth.length - 1;
      while (a - 1 > left && (smooth[a - 1] as number) > edge) a--;
      while (b + 1 < right && (smooth[b + 1] as number) > edge) b++;
      return [a, b];
    });
  }
  // No threshold gives the count: the `length` loudest peaks at least 250 ms apart, ±250 ms around each.
  const order = [...smooth.keys()].sort((a, b) => (smooth[b] as number) - (smooth[a] as number));
  const peaks: number[] = [];
  for (const i of order) {
    if (peaks.length === length) break;
    if (peaks.every((p) => Math.abs(p - i) >= 25)) peaks.push(i);
  }
  return peaks.sort((a, b) => a - b).map((p) => [Math.max(0, p - 25), Math.min(smooth.length - 1, p + 25)]);
}

/** The digit of the nearest template; a template that cannot beat the nearest so far stops early (same answer). */
function classify(segment: Float64Array[], templates: readonly Template[]): number {
  let best = { score: Infinity, digit: 0 };
  for (const t of templates) {
    const score = Math.min(...spot(t.mfcc, segment, best.score).cost);
    if (score < best.score || (score === best.score && t.digit < best.digit)) best = { score, digit: t.digit };
  }
  return best.digit;
}

/** Segments by energy, then names each segment by its nearest template under DTW. */
export function solveBySegments(wav: Buffer, templates: readonly Template[], length: number): string {
  const { mfcc, energy } = features(pcm(wav));
  const pad = 8;
  return segmentByEnergy(energy, length)
    .map(([a, b]) => classify(mfcc.slice(Math.max(0, a - pad), b + pad + 1), templates))
    .join('');
}

/** Spots every template anywhere in the challenge and keeps the `length` best matches that do not overlap. */
export function solveBySpotting(wav: Buffer, templates: readonly Template[], length: number): string {
  const { mfcc } = features(pcm(wav));
  const x = mfcc;
  const candidates: { digit: number; from: number; to: number; cost: number }[] = [];
  for (const t of templates) {
    const { cost, start } = spot(t.mfcc, x);
    for (let j = 1; j < cost.length - 1; j++) {
      const v = cost[j] as number;
      if (v <= (cost[j - 1] as number) && v < (cost[j + 1] as number)) {
        candidates.push({ digit: t.digit, from: start[j] as number, to: j, cost: v });
      }
    }
  }
  candidates.sort((a, b) => a.cost - b.cost);
  const picked: typeof candidates = [];
  for (const c of candidates) {
    if (picked.length === length) break;
    const clash = picked.some((p) => Math.min(p.to, c.to) - Math.max(p.from, c.from) > Math.min(p.to - p.from, c.to - c.from) / 4);
    if (!clash) picked.push(c);
  }
  return picked
    .sort((a, b) => a.from - b.from)
    .map((p) => p.digit)
    .join('');
}
