import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

export const CAPTCHA_IMAGE_WIDTH = 200;
export const CAPTCHA_IMAGE_HEIGHT = 64;

export function generateCaptchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String(randomInt(10));
  return text;
}

function assertDigits(text: string): void {
  if (!/^[0-9]+$/.test(text)) throw new Error('captcha text must be a non-empty string of digits');
}

/** Uniform floats in [0, 1): crypto-backed in production; tests pass a seeded source to replay challenges. */
export type RandomSource = () => number;
const cryptoRandom: RandomSource = () => randomInt(1 << 30) / (1 << 30);

/** Uniform float in [min, max) from `random`; crypto-backed by default so the distortion can't be predicted. */
type Range = (min: number, max: number) => number;
const rangeOf =
  (random: RandomSource): Range =>
  (min, max) =>
    min + random() * (max - min);

// Hand-drawn stroke glyphs in a 10×16 box (y down). Paths instead of SVG <text>
// because production hosts may have no fonts installed for librsvg to use.
export const GLYPH_W = 10;
export const GLYPH_H = 16;
export const GLYPHS: readonly string[] = [
  'M5 1 C8.2 1 9.4 4.2 9.4 8 C9.4 11.8 8.2 15 5 15 C1.8 15 0.6 11.8 0.6 8 C0.6 4.2 1.8 1 5 1 Z',
  'M2.2 4.2 L6 1 L6 15 M2.4 15 L9.4 15',
  'M1 4.6 C1 2.4 2.8 1 5 1 C7.4 1 9 2.4 9 4.6 C9 7.4 5.6 10 1 15 L9.4 15',
  'M1 2.6 C2 1.5 3.4 1 5 1 C7.4 1 9 2.4 9 4.3 C9 6.3 7.2 7.6 4.4 7.6 C7.6 7.6 9.4 9.1 9.4 11.3 C9.4 13.6 7.5 15 5 15 C3.2 15 1.8 14.5 0.8 13.3',
  'M7.2 15 L7.2 1 L0.6 11 L9.6 11',
  'M8.8 1 L2.2 1 L1.4 7.3 C2.4 6.6 3.6 6.2 5 6.2 C7.8 6.2 9.4 8.2 9.4 10.6 C9.4 13.2 7.6 15 5 15 C3.2 15 1.8 14.4 0.8 13.2',
  'M8.6 2 C7.7 1.3 6.5 1 5.3 1 C2.3 1 0.8 4.5 0.8 9.5 C0.8 13 2.5 15 5 15 C7.6 15 9.3 13.2 9.3 10.5 C9.3 7.9 7.6 6.3 5.2 6.3 C3.2 6.3 1.6 7.5 0.9 9',
  'M0.8 1 L9.4 1 C6.6 5 4.9 9.5 4.2 15',
  'M5 7.5 C2.6 7.5 1.3 6.1 1.3 4.2 C1.3 2.3 2.9 1 5 1 C7.1 1 8.7 2.3 8.7 4.2 C8.7 6.1 7.4 7.5 5 7.5 C2.4 7.5 0.7 9 0.7 11.2 C0.7 13.5 2.5 15 5 15 C7.5 15 9.3 13.5 9.3 11.2 C9.3 9 7.6 7.5 5 7.5 Z',
  'M1.4 14 C2.3 14.7 3.5 15 4.7 15 C7.7 15 9.2 11.5 9.2 6.5 C9.2 3 7.5 1 5 1 C2.4 1 0.7 2.8 0.7 5.5 C0.7 8.1 2.4 9.7 4.8 9.7 C6.8 9.7 8.4 8.5 9.1 7',
];

/**
 * Moves every point of a glyph by up to `amount` units (of its 10×16 box): each challenge draws its own hand of the
 * digit, so no template of our glyphs fits it closely (issue 30, H6: the plain glyphs fell to template matching).
 */
function jitterPath(path: string, amount: number, rand: Range): string {
  return path.replace(/-?\d+(?:\.\d+)?/g, (n) => (Number(n) + rand(-amount, amount)).toFixed(2));
}

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${hue.toFixed(0)},${saturation.toFixed(0)}%,${lightness.toFixed(0)}%)`;
}

function buildCaptchaSvg(text: string, rand: Range): string {
  const W = CAPTCHA_IMAGE_WIDTH;
  const H = CAPTCHA_IMAGE_HEIGHT;
  const parts: string[] = [];
  const bgHue = rand(0, 360);
  parts.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${hsl(bgHue, 40, 95)}"/>` +
      `<stop offset="1" stop-color="${hsl(bgHue + rand(60, 180), 40, 90)}"/>` +
      `</linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
  );

  // Background clutter goes under the digits so it confuses OCR without hiding strokes from humans.
  for (let i = 0; i < 70; i++) {
    parts.push(
      `<circle cx="${rand(0, W).toFixed(1)}" cy="${rand(0, H).toFixed(1)}" r="${rand(0.6, 1.8).toFixed(1)}" ` +
        `fill="${hsl(rand(0, 360), 50, rand(35, 75))}" fill-opacity="${rand(0.4, 0.9).toFixed(2)}"/>`,
    );
  }
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${rand(-10, W / 3).toFixed(1)} ${rand(0, H).toFixed(1)} Q${rand(0, W).toFixed(1)} ${rand(-H / 2, H * 1.5).toFixed(1)} ` +
        `${rand((2 * W) / 3, W + 10).toFixed(1)} ${rand(0, H).toFixed(1)}" fill="none" ` +
        `stroke="${hsl(rand(0, 360), 45, rand(45, 75))}" stroke-width="${rand(0.8, 1.8).toFixed(1)}"/>`,
    );
  }

  const margin = 12;
  const cell = (W - 2 * margin) / text.length;
  // Fit the glyph's height to the image; neighbours may touch (crowding defeats OCR's character cutting), never cross.
  const baseScale = Math.min((H - 14) / GLYPH_H, (cell * 1.05) / GLYPH_W);
  const inks: { x: number; color: string }[] = [];
  for (let i = 0; i < text.length; i++) {
    const glyph = jitterPath(GLYPHS[Number(text[i])] as string, 1.4, rand);
    // Each digit its own size and proportions: a template drawn at one scale correlates poorly with another.
    const scaleX = baseScale * rand(0.7, 1.1);
    const scaleY = baseScale * rand(0.72, 1.06);
    const cx = margin + cell * (i + 0.5) + rand(-cell * 0.12, cell * 0.12);
    const cy = H / 2 + rand(-4, 4);
    const angle = rand(-22, 22);
    const skew = rand(-12, 12);
    const color = hsl(rand(0, 360), rand(55, 85), rand(18, 32));
    inks.push({ x: cx / W, color });
    parts.push(
      `<path d="${glyph}" fill="none" stroke="${color}" ` +
        `stroke-width="${rand(1.15, 1.45).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" ` +
        `transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${angle.toFixed(1)}) skewX(${skew.toFixed(1)}) ` +
        `scale(${scaleX.toFixed(3)} ${scaleY.toFixed(3)}) translate(${-GLYPH_W / 2} ${-GLYPH_H / 2})"/>`,
    );
  }

  // Curves as dark and nearly as thick as the strokes, through the digits' middle: a threshold keeps them with the
  // digits and joins neighbours into one blob, so OCR cannot cut the line into characters; a person sees lines.
  // They take each digit's colour where they cross it, so separating by colour does not peel them off either.
  const stops = inks.map(({ x, color }) => `<stop offset="${x.toFixed(3)}" stop-color="${color}"/>`).join('');
  parts.push(`<defs><linearGradient id="ink" x1="0" y1="0" x2="1" y2="0">${stops}</linearGradient></defs>`);
  for (let i = 0; i < 2; i++) {
    parts.push(
      `<path d="M0 ${rand(H * 0.35, H * 0.65).toFixed(1)} C${rand(W * 0.2, W * 0.4).toFixed(1)} ${rand(H * 0.1, H * 0.9).toFixed(1)} ` +
        `${rand(W * 0.6, W * 0.8).toFixed(1)} ${rand(H * 0.1, H * 0.9).toFixed(1)} ${W} ${rand(H * 0.35, H * 0.65).toFixed(1)}" fill="none" ` +
        `stroke="url(#ink)" stroke-width="${rand(2, 2.6).toFixed(1)}" stroke-linecap="round"/>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

/**
 * Bends the rendered picture along two random waves (rows shift sideways, columns up and down), so no digit keeps
 * the shape of its glyph and straight strokes become curves; a reader does not mind, a template does.
 */
function wave(rgba: Buffer, width: number, height: number, rand: Range): Buffer {
  const out = Buffer.alloc(rgba.length);
  const [ax, ay] = [rand(1, 1.6), rand(1.2, 2)];
  const [lx, ly] = [rand(30, 45), rand(50, 80)];
  const [px, py] = [rand(0, 2 * Math.PI), rand(0, 2 * Math.PI)];
  const at = (x: number, y: number, c: number) =>
    rgba[(Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 4 + c] as number;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x + ax * Math.sin(px + (2 * Math.PI * y) / lx);
      const sy = y + ay * Math.sin(py + (2 * Math.PI * x) / ly);
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [fx, fy] = [sx - x0, sy - y0];
      // Bilinear, so bent strokes stay smooth rather than jagged.
      for (let c = 0; c < 4; c++) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        out[(y * width + x) * 4 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return out;
}

export async function renderCaptchaImage(text: string, random: RandomSource = cryptoRandom): Promise<Buffer> {
  assertDigits(text);
  const rand = rangeOf(random);
  const { data, info } = await sharp(Buffer.from(buildCaptchaSvg(text, rand))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: 4 as const };
  return sharp(wave(data, info.width, info.height, rand), { raw }).png().toBuffer();
}

const SAMPLE_RATE = 16_000;
// Relative to this module so it resolves the same from src/infra/captcha/ and dist/infra/captcha/.
const AUDIO_DIR = new URL('../../../assets/captcha-audio/', import.meta.url);

/** Extracts the PCM samples of a mono 16-bit WAV at SAMPLE_RATE, walking the RIFF chunks. */
function parseDigitWav(buf: Buffer, name: string): Int16Array {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error(`${name}: not a RIFF/WAVE file`);
  }
  let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | undefined;
  let data: Buffer | undefined;
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = buf.subarray(offset + 8, Math.min(offset + 8 + size, buf.length));
    if (id === 'fmt ' && body.length >= 16) {
      format = {
        audioFormat: body.readUInt16LE(0),
        channels: body.readUInt16LE(2),
        sampleRate: body.readUInt32LE(4),
        bitsPerSample: body.readUInt16LE(14),
      };
    } else if (id === 'data') {
      data = body;
    }
    offset += 8 + size + (size % 2); // chunks are word-aligned
  }
  if (!format || !data) throw new Error(`${name}: missing fmt or data chunk`);
  if (format.audioFormat !== 1 || format.channels !== 1 || format.bitsPerSample !== 16 || format.sampleRate !== SAMPLE_RATE) {
    throw new Error(`${name}: expected 16-bit mono PCM at ${SAMPLE_RATE} Hz`);
  }
  const samples = new Int16Array(Math.floor(data.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
  return samples;
}

let digitSamples: Int16Array[] | undefined;

function loadDigitSamples(): Int16Array[] {
  digitSamples ??= Array.from({ length: 10 }, (_, d) => {
    const url = new URL(`${d}.wav`, AUDIO_DIR);
    return parseDigitWav(readFileSync(url), url.pathname);
  });
  return digitSamples;
}

function encodeWav(samples: Int16Array): Buffer {
  const dataSize = samples.length * 2;
  const buf = Buffer.alloc(44 + dataSize);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataSize, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(SAMPLE_RATE, 24);
  buf.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i] as number, 44 + i * 2);
  return buf;
}

const msToSamples = (ms: number): number => Math.round((ms * SAMPLE_RATE) / 1000);

/**
 * Plays `clip` with a speed that wanders around `rate` (pitch and tempo change together, like a different voice,
 * and the slow wobble bends the timing inside the digit), so no stretch of it matches the recording sample for sample.
 */
export function warp(clip: Int16Array, rate: number, wobble: number, random: RandomSource): Float64Array {
  const hz = 2 + random() * 4;
  const phase = random() * 2 * Math.PI;
  const out: number[] = [];
  let pos = 0;
  for (let i = 0; pos < clip.length - 1; i++) {
    const k = Math.floor(pos);
    const f = pos - k;
    out.push((clip[k] as number) * (1 - f) + (clip[k + 1] as number) * f);
    pos += rate * (1 + wobble * Math.sin(phase + (2 * Math.PI * hz * i) / SAMPLE_RATE));
  }
  return Float64Array.from(out);
}

const peak = (x: Float64Array): number => x.reduce((m, v) => Math.max(m, Math.abs(v)), 1);

/** RBJ peaking equaliser at `hz` with `gainDb` boost or cut, applied in place. */
function peakingEq(x: Float64Array, hz: number, gainDb: number, q: number): void {
  const a = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * hz) / SAMPLE_RATE;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha / a;
  const [b0, b1, b2] = [(1 + alpha * a) / a0, (-2 * Math.cos(w)) / a0, (1 - alpha * a) / a0];
  const [a1, a2] = [(-2 * Math.cos(w)) / a0, (1 - alpha / a) / a0];
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i] as number;
    const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    [x2, x1, y2, y1] = [x1, x0, y1, y0];
    x[i] = y0;
  }
}

/** Timbre of one challenge's speaker: resonances that move the formants' balance, like another vocal tract. */
type Voice = { rate: number; bands: { hz: number; gainDb: number; q: number }[] };

function pickVoice(random: RandomSource): Voice {
  const between = rangeOf(random);
  return {
    rate: between(0.85, 1.15),
    bands: Array.from({ length: 3 }, () => ({ hz: between(250, 3500), gainDb: between(-14, 14), q: between(0.8, 2.5) })),
  };
}

/**
 * One spoken digit: the challenge's voice, then per digit its own speed (±8 % around the voice's), a speed wobble
 * that bends the timing inside the word, and its own resonance drift, so no two utterances of a digit are alike.
 */
function speak(digit: number, voice: Voice, random: RandomSource): Float64Array {
  const between = rangeOf(random);
  const clip = warp(loadDigitSamples()[digit] as Int16Array, voice.rate * between(0.92, 1.08), between(0.03, 0.07), random);
  for (const band of voice.bands) peakingEq(clip, band.hz * between(0.85, 1.15), band.gainDb + between(-4, 4), band.q);
  peakingEq(clip, between(400, 3000), between(-12, 12), between(1, 3));
  // Two deep cuts of their own per digit: a template's strongest bands go missing in different places each time, while
  // a listener fills a missing band in (issue 30, H6: without them a babble-aware spectral solver read 2 of 40).
  for (let n = 0; n < 2; n++) peakingEq(clip, between(300, 3400), between(-24, -14), between(1.5, 3));
  return clip;
}

/** One digit as the renderer speaks it, in a random voice (attack tests build their templates from this). */
export function renderDigitVoice(digit: number, random: RandomSource = cryptoRandom): Float64Array {
  return speak(digit, pickVoice(random), random);
}

/** Random positive weights summing to 1 (a flat Dirichlet), so pauses share the free time unevenly. */
function shares(count: number, random: RandomSource): number[] {
  const raw = Array.from({ length: count }, () => -Math.log(1 - random() * 0.999));
  const sum = raw.reduce((s, v) => s + v, 0);
  return raw.map((v) => v / sum);
}

export const AUDIO_MIN_SECONDS = 4;
export const AUDIO_MAX_SECONDS = 8;

/**
 * Continuous murmur: two overlapping streams of digits in other voices, half of them backwards (speech sounds, no
 * words), then levelled to a steady loudness (RMS 7–10 % of full scale, 50 ms at a time) so it never swells
 * into something that sounds like one more digit.
 */
function babble(total: number, random: RandomSource): Float64Array {
  const between = rangeOf(random);
  const samples = loadDigitSamples();
  const out = new Float64Array(total);
  for (let stream = 0; stream < 2; stream++) {
    for (let at = -msToSamples(between(0, 300)); at < total; at += msToSamples(between(200, 420))) {
      const other = pickVoice(random);
      const clip = warp(samples[Math.floor(random() * 10)] as Int16Array, other.rate * between(0.85, 1.15), between(0.03, 0.08), random);
      for (const band of other.bands) peakingEq(clip, band.hz, band.gainDb, band.q);
      if (random() < 0.5) clip.reverse();
      const gain = 1 / peak(clip);
      for (let i = 0; i < clip.length; i++) {
        const j = at + i;
        if (j >= 0 && j < total) out[j] = (out[j] as number) + (clip[i] as number) * gain;
      }
    }
  }
  const win = msToSamples(50);
  const target = between(0.07, 0.1) * 32767;
  const level = new Float64Array(Math.ceil(total / win));
  for (let w = 0; w < level.length; w++) {
    let sum = 0;
    const end = Math.min(total, (w + 1) * win);
    for (let i = w * win; i < end; i++) sum += (out[i] as number) ** 2;
    level[w] = Math.sqrt(sum / Math.max(1, end - w * win));
  }
  for (let i = 0; i < total; i++) {
    // Gain interpolated between window centres, so levelling does not click.
    const pos = Math.max(0, Math.min(level.length - 1, i / win - 0.5));
    const k = Math.floor(pos);
    const here = (level[k] as number) * (1 - (pos - k)) + (level[Math.min(level.length - 1, k + 1)] as number) * (pos - k);
    out[i] = (out[i] as number) * target / Math.max(here, 1e-6);
  }
  return out;
}

/**
 * Speaks the digits in a voice picked for this challenge over continuous speech-like babble (other digits forwards
 * and backwards in other voices) and noise. A person follows the one loud voice and hears one burst per digit; a
 * program finds no stretch that equals any recording, and the babble under each digit changes its spectrum.
 * A challenge of up to 6 digits lasts between AUDIO_MIN_SECONDS and AUDIO_MAX_SECONDS.
 */
export function renderCaptchaAudio(text: string, random: RandomSource = cryptoRandom): Buffer {
  assertDigits(text);
  const between = rangeOf(random);
  const voice = pickVoice(random);
  const clips = [...text].map((ch) => speak(Number(ch), voice, random));
  const spoken = clips.reduce((n, c) => n + c.length, 0);
  // The length is chosen first; the pauses (edges included) share what the words leave, each at least 250 ms.
  const minPause = msToSamples(250);
  const pauses = clips.length + 1;
  const target = Math.max(msToSamples(between(4.6, 7.4) * 1000), spoken + pauses * minPause);
  const free = target - spoken - pauses * minPause;
  const pause = shares(pauses, random).map((w) => minPause + Math.round(w * free));
  const placements: { clip: Float64Array; start: number; gain: number }[] = [];
  let cursor = pause[0] as number;
  clips.forEach((clip, i) => {
    // Each digit at an RMS of 18–24 % of full scale (peaks kept under 95 %), 2–3× the murmur's: one clear burst.
    const level = Math.sqrt(clip.reduce((s, v) => s + v * v, 0) / clip.length) || 1;
    placements.push({ clip, start: cursor, gain: Math.min((between(0.18, 0.24) * 32767) / level, (0.95 * 32767) / peak(clip)) });
    cursor += clip.length + (pause[i + 1] as number);
  });
  const total = cursor;
  const mix = babble(total, random);
  const noiseLevel = between(0.02, 0.04) * 32767;
  for (let i = 0; i < total; i++) mix[i] = (mix[i] as number) + (random() * 2 - 1) * noiseLevel;
  for (const { clip, start, gain } of placements) {
    for (let i = 0; i < clip.length; i++) mix[start + i] = (mix[start + i] as number) + (clip[i] as number) * gain;
  }
  const out = new Int16Array(total);
  for (let i = 0; i < total; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(mix[i] as number)));
  return encodeWav(out);
}
