import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_MAX_SECONDS,
  AUDIO_MIN_SECONDS,
  CAPTCHA_IMAGE_HEIGHT,
  CAPTCHA_IMAGE_WIDTH,
  generateCaptchaText,
  renderCaptchaAudio,
  renderCaptchaImage,
  renderCaptchaImageWithLayout,
} from './captcha-render.js';
import { loadDigitTemplates, seededRandom, solveAudioCaptcha } from './audio-solver.fixtures.js';

function parseWavHeader(wav: Buffer) {
  expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
  expect(wav.toString('ascii', 36, 40)).toBe('data');
  const dataSize = wav.readUInt32LE(40);
  expect(dataSize).toBe(wav.length - 44);
  const sampleRate = wav.readUInt32LE(24);
  return {
    audioFormat: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    bitsPerSample: wav.readUInt16LE(34),
    seconds: dataSize / 2 / sampleRate,
  };
}

describe('generateCaptchaText', () => {
  it('yields only digits of the requested length', () => {
    // By default 7 or 8 digits, drawn per challenge.
    const lengths = new Set(Array.from({ length: 40 }, () => generateCaptchaText().length));
    expect([...lengths].sort()).toEqual([7, 8]);
    expect(generateCaptchaText()).toMatch(/^[0-9]{7,8}$/);
    for (const length of [1, 4, 8]) expect(generateCaptchaText(length)).toMatch(new RegExp(`^[0-9]{${length}}$`));
  });

  it('is random', () => {
    const seen = new Set(Array.from({ length: 20 }, () => generateCaptchaText(8)));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('renderCaptchaImage', () => {
  it('renders a PNG of the expected size', async () => {
    const png = await renderCaptchaImage('0123456789');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: CAPTCHA_IMAGE_WIDTH, height: CAPTCHA_IMAGE_HEIGHT });
  });

  it('differs between two renders of the same text', async () => {
    const [a, b] = await Promise.all([renderCaptchaImage('48213'), renderCaptchaImage('48213')]);
    expect(a.equals(b)).toBe(false);
  });

  /** WCAG relative luminance of an sRGB pixel. */
  const luminance = (r: number, g: number, b: number) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };

  it('keeps every digit readable: one tall box per digit, in reading order, mostly apart, dark on light paper', async () => {
    const random = seededRandom(12);
    for (let i = 0; i < 24; i++) {
      const length = 6 + (i % 3);
      const text = Array.from({ length }, () => String(Math.floor(random() * 10))).join('');
      const { png, boxes } = await renderCaptchaImageWithLayout(text, random);
      // The count a reader sees: as many boxes as digits, inside the picture, at least 28 px tall (sizes vary per digit),
      // a digit overlapping its left neighbour by at most 30 % of its own width (never drawn over most of another).
      expect(boxes).toHaveLength(length);
      boxes.forEach((b, k) => {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(CAPTCHA_IMAGE_WIDTH);
        expect(b.y + b.height).toBeLessThanOrEqual(CAPTCHA_IMAGE_HEIGHT);
        expect(b.height).toBeGreaterThanOrEqual(28);
        const before = boxes[k - 1];
        if (before) expect(b.x - (before.x + before.width)).toBeGreaterThanOrEqual(-0.3 * b.width);
      });
      // Contrast: the darkest ink in each digit's box against the paper (the picture's median) at least 3:1, WCAG AA for
      // large text (the digits are over 30 px tall); the renderer's inks aim at 5:1 and more.
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const lum = (x: number, y: number) => {
        const p = (Math.min(info.height - 1, Math.max(0, y)) * info.width + Math.min(info.width - 1, Math.max(0, x))) * 3;
        return luminance(data[p] as number, data[p + 1] as number, data[p + 2] as number);
      };
      const all = Array.from({ length: info.width * info.height }, (_, p) => lum(p % info.width, Math.floor(p / info.width))).sort((a, b) => a - b);
      const paper = all[Math.floor(all.length / 2)] as number;
      for (const b of boxes) {
        const inside: number[] = [];
        for (let y = Math.floor(b.y); y < b.y + b.height; y++) for (let x = Math.floor(b.x); x < b.x + b.width; x++) inside.push(lum(x, y));
        inside.sort((a, c) => a - c);
        const ink = inside.slice(0, Math.max(1, Math.floor(inside.length * 0.01)));
        const dark = ink.reduce((s, v) => s + v, 0) / ink.length;
        expect((paper + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('rejects non-digit text', async () => {
    await expect(renderCaptchaImage('12a')).rejects.toThrow(/digits/);
    await expect(renderCaptchaImage('')).rejects.toThrow(/digits/);
  });
});

describe('renderCaptchaAudio', () => {
  it('renders a 16-bit mono PCM WAV', () => {
    const header = parseWavHeader(renderCaptchaAudio('0123456789'));
    expect(header).toMatchObject({ audioFormat: 1, channels: 1, bitsPerSample: 16 });
  });

  it(`lasts ${AUDIO_MIN_SECONDS}–${AUDIO_MAX_SECONDS} s for any challenge up to 6 digits`, () => {
    const random = seededRandom(21);
    for (const text of ['0', '88', '12345', '777777', '909090']) {
      for (let i = 0; i < 4; i++) {
        const { seconds } = parseWavHeader(renderCaptchaAudio(text, random));
        expect(seconds).toBeGreaterThanOrEqual(AUDIO_MIN_SECONDS);
        expect(seconds).toBeLessThanOrEqual(AUDIO_MAX_SECONDS);
      }
    }
  });

  /**
   * Bursts a listener hears: 20 ms RMS smoothed over 140 ms, above a quarter of the way (in dB) from the median (the
   * murmur) to the loudest; dips under 160 ms inside a word do not start a new burst, bursts under 100 ms do not count.
   */
  function bursts(wav: Buffer): number {
    const n = (wav.length - 44) / 2;
    const win = 320;
    const rms = Array.from({ length: Math.floor(n / win) }, (_, w) => {
      let s = 0;
      for (let k = w * win; k < (w + 1) * win; k++) s += wav.readInt16LE(44 + k * 2) ** 2;
      return 10 * Math.log10(s / win + 1);
    });
    const smooth = rms.map((_, i) => {
      const part = rms.slice(Math.max(0, i - 3), i + 4);
      return part.reduce((a, b) => a + b, 0) / part.length;
    });
    const median = [...smooth].sort((a, b) => a - b)[Math.floor(smooth.length / 2)] as number;
    const threshold = median + (Math.max(...smooth) - median) / 4;
    const runs: [number, number][] = [];
    smooth.forEach((level, i) => {
      if (level < threshold) return;
      const last = runs[runs.length - 1];
      if (last && i - last[1] <= 8) last[1] = i;
      else runs.push([i, i]);
    });
    return runs.filter(([a, b]) => b - a + 1 >= 5).length;
  }

  it('lets a listener count the digits: one loud burst per digit over the murmur', () => {
    const random = seededRandom(8);
    let counted = 0;
    for (let i = 0; i < 40; i++) {
      const length = 3 + (i % 4);
      const text = Array.from({ length }, () => String(Math.floor(random() * 10))).join('');
      if (bursts(renderCaptchaAudio(text, random)) === length) counted++;
    }
    // A crude energy count, not an ear: it must agree nearly always (with babble as loud as the voice it agrees rarely).
    expect(counted).toBeGreaterThanOrEqual(34);
  });

  it('differs between two renders of the same text', () => {
    expect(renderCaptchaAudio('5190').equals(renderCaptchaAudio('5190'))).toBe(false);
  });

  it('rejects non-digit text', () => {
    expect(() => renderCaptchaAudio('1 2')).toThrow(/digits/);
  });
});

describe('audio captcha against a template-matching solver', () => {
  const dir = new URL('../../../assets/captcha-audio/', import.meta.url);
  const templates = loadDigitTemplates(dir);

  /** The old layout: each recording as is, random gap and gain, faint noise — what the solver beat 200 of 200 times. */
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
      const gain = 0.75 + random() * 0.25;
      for (let k = 0; k < clip.length; k++) out.writeInt16LE(Math.round((clip[k] as number) * gain), 44 + (at + k) * 2);
      at += clip.length;
    });
    for (let k = 0; k < total; k++) {
      const v = out.readInt16LE(44 + k * 2) + Math.round((random() * 2 - 1) * 700);
      out.writeInt16LE(Math.max(-32768, Math.min(32767, v)), 44 + k * 2);
    }
    out.write('RIFF', 0, 'ascii');
    out.write('data', 36, 'ascii');
    out.writeUInt32LE(total * 2, 40);
    return out;
  }

  const textOf = (random: () => number) => Array.from({ length: 5 }, () => String(Math.floor(random() * 10))).join('');

  it('the solver is a real attack: it reads the plain layout of the recordings', () => {
    const random = seededRandom(7);
    let solved = 0;
    for (let i = 0; i < 20; i++) {
      const text = textOf(random);
      if (solveAudioCaptcha(plainLayout(text, random), templates, 5) === text) solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(19);
  });

  // About 15 s on a quiet machine; the margin is for a loaded CI runner.
  it('solves fewer than 5 % of 60 seeded challenges, each a valid WAV of reasonable length', () => {
    const random = seededRandom(18);
    let solved = 0;
    let digitsRight = 0;
    for (let i = 0; i < 60; i++) {
      const text = textOf(random);
      const wav = renderCaptchaAudio(text, random);
      const header = parseWavHeader(wav);
      expect(header).toMatchObject({ audioFormat: 1, channels: 1, bitsPerSample: 16 });
      expect(header.seconds).toBeGreaterThanOrEqual(AUDIO_MIN_SECONDS);
      expect(header.seconds).toBeLessThanOrEqual(AUDIO_MAX_SECONDS);
      const guess = solveAudioCaptcha(wav, templates, 5);
      if (guess === text) solved++;
      for (let k = 0; k < 5; k++) if (guess[k] === text[k]) digitsRight++;
    }
    expect(solved).toBeLessThan(3);
    // Position by position the solver does little better than guessing (10 %).
    expect(digitsRight).toBeLessThan(0.3 * 300);
  });

  it('keeps the spoken digits clearly louder than the babble under them', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 10; i++) {
      const wav = renderCaptchaAudio('1', random);
      const n = (wav.length - 44) / 2;
      const level = (from: number, to: number) => {
        let s = 0;
        for (let k = from; k < to; k++) s += wav.readInt16LE(44 + k * 2) ** 2;
        return Math.sqrt(s / Math.max(1, to - from));
      };
      // One digit, with at least 250 ms of babble alone before it and after it.
      const edge = 4000;
      const babble = Math.max(level(0, edge), level(n - edge, n));
      const loudest = Math.max(...Array.from({ length: Math.floor((n - 2 * edge) / 800) }, (_, w) => level(edge + w * 800, edge + (w + 1) * 800)));
      expect(loudest).toBeGreaterThan(2 * babble);
    }
  });
});
