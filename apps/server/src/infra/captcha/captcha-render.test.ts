import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_IMAGE_HEIGHT,
  CAPTCHA_IMAGE_WIDTH,
  generateCaptchaText,
  renderCaptchaAudio,
  renderCaptchaImage,
} from './captcha-render.js';

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
    expect(generateCaptchaText()).toMatch(/^[0-9]{5}$/);
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

  it('grows in duration with the number of digits', () => {
    // Same digit throughout so only the count, not the clip lengths, varies.
    const short = parseWavHeader(renderCaptchaAudio('777')).seconds;
    const long = parseWavHeader(renderCaptchaAudio('777777')).seconds;
    expect(short).toBeGreaterThan(1);
    expect(long).toBeGreaterThan(short);
  });

  it('differs between two renders of the same text', () => {
    expect(renderCaptchaAudio('5190').equals(renderCaptchaAudio('5190'))).toBe(false);
  });

  it('rejects non-digit text', () => {
    expect(() => renderCaptchaAudio('1 2')).toThrow(/digits/);
  });
});
