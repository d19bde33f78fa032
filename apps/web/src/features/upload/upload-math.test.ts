import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, contentRange, durationParts, nextPiece, nextRate, parseOffset, planPieces, retryDelay, secondsLeft, uploadPercent } from './upload-math';

const MiB = 1024 * 1024;

describe('upload math', () => {
  it('sends files up to 8 MiB whole and bigger ones in 8 MiB pieces', () => {
    expect(CHUNK_SIZE).toBe(8 * MiB);
    expect(planPieces(8 * MiB)).toEqual([{ start: 0, end: 8 * MiB, whole: true }]);
    expect(planPieces(8 * MiB + 1)).toEqual([
      { start: 0, end: 8 * MiB, whole: false },
      { start: 8 * MiB, end: 8 * MiB + 1, whole: false },
    ]);
    const pieces = planPieces(200 * MiB);
    expect(pieces).toHaveLength(25);
    expect(pieces.every((piece) => piece.end - piece.start === 8 * MiB)).toBe(true);
  });

  it('writes Content-Range with an inclusive end', () => {
    const [first, second, last] = planPieces(20 * MiB).map((piece) => contentRange(piece, 20 * MiB));
    expect(first).toBe(`bytes 0-${8 * MiB - 1}/${20 * MiB}`);
    expect(second).toBe(`bytes ${8 * MiB}-${16 * MiB - 1}/${20 * MiB}`);
    expect(last).toBe(`bytes ${16 * MiB}-${20 * MiB - 1}/${20 * MiB}`);
  });

  it('continues from any offset the server reports, even inside a piece, and never past the end', () => {
    expect(nextPiece(5, 25, 10)).toEqual({ start: 5, end: 15, whole: false });
    expect(nextPiece(21, 25, 10)).toEqual({ start: 21, end: 25, whole: false });
    // A small file the server already has part of goes on as a range, not as a new whole upload.
    expect(nextPiece(3, 8, 10)).toEqual({ start: 3, end: 8, whole: false });
    expect(nextPiece(99, 25, 10)).toEqual({ start: 25, end: 25, whole: false });
  });

  it('rounds progress to whole percent and keeps 100 for the confirmed end', () => {
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(2, 3)).toBe(67);
    expect(uploadPercent(5, 1000)).toBe(1);
    expect(uploadPercent(4, 1000)).toBe(0);
    expect(uploadPercent(995, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000, true)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('reads Upload-Offset strictly', () => {
    expect(parseOffset('1048576')).toBe(1048576);
    expect(parseOffset(' 7 ')).toBe(7);
    expect(parseOffset('-1')).toBeNull();
    expect(parseOffset('abc')).toBeNull();
    expect(parseOffset(null)).toBeNull();
  });
});

describe('transfer rate and time left', () => {
  it('measures bytes per second between reports and smooths later ones', () => {
    const first = nextRate(undefined, 1_000, 0);
    expect(first.bytesPerSecond).toBeUndefined();
    const second = nextRate(first, 3_000, 4_000_000);
    expect(second.bytesPerSecond).toBe(2_000_000);
    // A faster second moves the estimate part of the way, not all of it.
    const third = nextRate(second, 4_000, 8_000_000);
    expect(third.bytesPerSecond).toBeGreaterThan(2_000_000);
    expect(third.bytesPerSecond).toBeLessThan(4_000_000);
    // A resumed upload reporting fewer bytes starts a new measurement.
    expect(nextRate(third, 5_000, 1_000).bytesPerSecond).toBeUndefined();
  });

  it('turns remaining bytes into a rough duration', () => {
    expect(secondsLeft(10_000_000, 2_000_000)).toBe(5);
    expect(secondsLeft(10_000_000, undefined)).toBeNull();
    expect(durationParts(5)).toEqual({ value: 5, unit: 'second' });
    expect(durationParts(61)).toEqual({ value: 2, unit: 'minute' });
    expect(durationParts(5400)).toEqual({ value: 1.5, unit: 'hour' });
  });
});
