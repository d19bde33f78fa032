import { readFileSync } from 'node:fs';
import { warp, type RandomSource } from './captcha-render.js';
import { pcm } from './audio-solver.fixtures.js';

/**
 * The issue-18 audio captcha (commit ff6f78f), kept only to measure attacks against: the recordings at 0.8–1.2×
 * with a speed wobble, 150–650 ms gaps, peaks at 55–85 % over babble of other digits at 12–22 % and faint noise.
 * The issue found it answered 83 % of the time; an attack that cannot read it proves nothing about the new one.
 */
export function renderLegacyAudio(text: string, random: RandomSource, dir: URL, spans?: [number, number][]): Float64Array {
  const samples = Array.from({ length: 10 }, (_, d) => Int16Array.from(pcm(readFileSync(new URL(`${d}.wav`, dir))), (v) => Math.round(v * 32768)));
  const ms = (n: number) => Math.round((n * 16_000) / 1000);
  const between = (min: number, max: number) => min + random() * (max - min);
  const peak = (x: Float64Array) => x.reduce((m, v) => Math.max(m, Math.abs(v)), 1);
  const placements: { clip: Float64Array; start: number; gain: number }[] = [];
  let cursor = ms(between(250, 600));
  for (const [i, ch] of [...text].entries()) {
    if (i > 0) cursor += ms(between(150, 650));
    const clip = warp(samples[Number(ch)] as Int16Array, between(0.8, 1.2), between(0.03, 0.07), random);
    placements.push({ clip, start: cursor, gain: (between(0.55, 0.85) * 32767) / peak(clip) });
    spans?.push([cursor, cursor + clip.length]);
    cursor += clip.length;
  }
  const total = cursor + ms(between(250, 600));
  const mix = new Float64Array(total);
  for (let at = -ms(200); at < total; at += ms(between(120, 320))) {
    const clip = warp(samples[Math.floor(random() * 10)] as Int16Array, between(0.75, 1.3), between(0.03, 0.08), random);
    const gain = (between(0.12, 0.22) * 32767) / peak(clip);
    for (let i = 0; i < clip.length; i++) {
      const j = at + i;
      if (j >= 0 && j < total) mix[j] = (mix[j] as number) + (clip[i] as number) * gain;
    }
  }
  const noiseLevel = between(0.02, 0.04) * 32767;
  for (let i = 0; i < total; i++) mix[i] = (mix[i] as number) + (random() * 2 - 1) * noiseLevel;
  for (const { clip, start, gain } of placements) {
    for (let i = 0; i < clip.length; i++) mix[start + i] = (mix[start + i] as number) + (clip[i] as number) * gain;
  }
  return mix.map((v) => Math.max(-32768, Math.min(32767, Math.round(v))) / 32768);
}

/** 16-bit mono WAV at 16 kHz of samples in [-1, 1), for the solvers that read WAV files. */
export function wavOf(x: Float64Array): Buffer {
  const out = Buffer.alloc(44 + x.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + x.length * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(16_000, 24);
  out.writeUInt32LE(32_000, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(x.length * 2, 40);
  for (let i = 0; i < x.length; i++) out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round((x[i] as number) * 32768))), 44 + i * 2);
  return out;
}
