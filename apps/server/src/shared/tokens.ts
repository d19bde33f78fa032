import { hash, randomBytes, randomUUID, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, URL-safe. Only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * 160-bit random secret of lowercase letters and 2–7 (RFC 4648 base32, lower case), for secrets people paste into
 * other programs: no '-' a command line takes for an option (litmus did, with a password starting "-Y"), no '_',
 * nothing to escape in a shell or a URL, no 0/O or 1/l to misread. Only its hash is ever stored.
 */
export const newTypableToken = (): string => base32(randomBytes(20));

/** RFC 4648 base32 in lower case, of a whole number of 5-byte groups (so never padded). */
export function base32(bytes: Uint8Array): string {
  if (bytes.length % 5 !== 0) throw new Error('base32 of a whole number of 5-byte groups only');
  let out = '';
  for (let bit = 0; bit < bytes.length * 8; bit += 5) {
    const byte = bit >> 3;
    const word = (bytes[byte]! << 8) | (bytes[byte + 1] ?? 0);
    out += BASE32[(word >> (11 - (bit & 7))) & 31];
  }
  return out;
}

// One-shot hash: every authenticated request hashes its token, and this skips the Hash object.
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

export const newId = (): string => randomUUID();

export const randomDigits = (length: number): string =>
  Array.from({ length }, () => randomInt(0, 10)).join('');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
