import { readFileSync } from 'node:fs';

/**
 * The attack the audio captcha must resist: normalised cross-correlation of each digit recording against the
 * challenge, then the best non-overlapping matches in time order. Works at 4 kHz (FFT) so 100 tries run in seconds.
 */

const DECIMATE = 4;

export function pcm(wav: Buffer): Float64Array {
  // Walk the chunks: the recordings may carry chunks other than fmt and data.
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') {
      const n = Math.floor(Math.min(size, wav.length - offset - 8) / 2);
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) out[i] = wav.readInt16LE(offset + 8 + i * 2) / 32768;
      return out;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function decimate(x: Float64Array): Float64Array {
  const out = new Float64Array(Math.floor(x.length / DECIMATE));
  for (let i = 0; i < out.length; i++) {
    let s = 0;
    for (let k = 0; k < DECIMATE; k++) s += x[i * DECIMATE + k] as number;
    out[i] = s / DECIMATE;
  }
  return out;
}

/** In-place iterative radix-2 FFT (inverse when `inverse`). */
export function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] as number, re[i] as number];
      [im[i], im[j]] = [im[j] as number, im[i] as number];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const xr = (re[b] as number) * cr - (im[b] as number) * ci;
        const xi = (re[b] as number) * ci + (im[b] as number) * cr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
        const t = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = t;
      }
    }
  }
  if (!inverse) return;
  for (let i = 0; i < n; i++) {
    re[i] = (re[i] as number) / n;
    im[i] = (im[i] as number) / n;
  }
}

/** ncc[lag] = <x[lag..lag+L), t> / (|t| |x[lag..lag+L)|) for every lag where the template fits. */
function normalisedCrossCorrelation(x: Float64Array, t: Float64Array): Float64Array {
  const lags = x.length - t.length + 1;
  if (lags <= 0) return new Float64Array(0);
  let size = 1;
  while (size < x.length + t.length) size <<= 1;
  const xr = new Float64Array(size);
  const xi = new Float64Array(size);
  xr.set(x);
  const tr = new Float64Array(size);
  const ti = new Float64Array(size);
  for (let i = 0; i < t.length; i++) tr[i] = t[t.length - 1 - i] as number; // reversed: convolution = correlation
  fft(xr, xi, false);
  fft(tr, ti, false);
  for (let i = 0; i < size; i++) {
    const r = (xr[i] as number) * (tr[i] as number) - (xi[i] as number) * (ti[i] as number);
    const im = (xr[i] as number) * (ti[i] as number) + (xi[i] as number) * (tr[i] as number);
    xr[i] = r;
    xi[i] = im;
  }
  fft(xr, xi, true);
  const tNorm = Math.sqrt(t.reduce((s, v) => s + v * v, 0)) || 1;
  const energy = new Float64Array(x.length + 1);
  for (let i = 0; i < x.length; i++) energy[i + 1] = (energy[i] as number) + (x[i] as number) ** 2;
  const out = new Float64Array(lags);
  for (let lag = 0; lag < lags; lag++) {
    const e = Math.sqrt(Math.max((energy[lag + t.length] as number) - (energy[lag] as number), 1e-12));
    out[lag] = (xr[lag + t.length - 1] as number) / (tNorm * e);
  }
  return out;
}

export function loadDigitTemplates(dir: URL): Float64Array[] {
  return Array.from({ length: 10 }, (_, d) => decimate(pcm(readFileSync(new URL(`${d}.wav`, dir)))));
}

/** Guesses the `length` digits spoken in `wav`, or fewer when the matches run out. */
export function solveAudioCaptcha(wav: Buffer, templates: Float64Array[], length: number): string {
  const x = decimate(pcm(wav));
  const candidates: { digit: number; lag: number; len: number; score: number }[] = [];
  templates.forEach((t, digit) => {
    const ncc = normalisedCrossCorrelation(x, t);
    // Local peaks only, so one occurrence gives one candidate.
    const radius = Math.floor(t.length / 4);
    for (let lag = 0; lag < ncc.length; lag++) {
      const v = ncc[lag] as number;
      let peak = v > 0;
      for (let k = Math.max(0, lag - radius); peak && k <= Math.min(ncc.length - 1, lag + radius); k++) {
        if ((ncc[k] as number) > v) peak = false;
      }
      if (peak) candidates.push({ digit, lag, len: t.length, score: v });
    }
  });
  candidates.sort((a, b) => b.score - a.score);
  const picked: typeof candidates = [];
  for (const c of candidates) {
    if (picked.length === length) break;
    // Two spoken digits do not share more than a fifth of their span.
    const clash = picked.some((p) => {
      const overlap = Math.min(p.lag + p.len, c.lag + c.len) - Math.max(p.lag, c.lag);
      return overlap > Math.min(p.len, c.len) / 5;
    });
    if (!clash) picked.push(c);
  }
  return picked
    .sort((a, b) => a.lag - b.lag)
    .map((p) => p.digit)
    .join('');
}

/** A small seeded PRNG (mulberry32) so a test's challenges are the same on every run. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
