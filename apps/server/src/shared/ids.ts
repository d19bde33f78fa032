import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * UUIDv7 made in the app, with a per-process counter in rand_a, so ids of one millisecond still sort in the order they
 * were made; `at` is the millisecond the id carries (never behind an earlier id's).
 */
export function timeOrderedId(): { id: string; at: number } {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    if (++sequence > 0xfff) {
      ms = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = ms;
    sequence = 0;
  }
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (sequence >> 8);
  b[7] = sequence & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return { id: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`, at: ms };
}
