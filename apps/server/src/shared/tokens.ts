import { hash, randomBytes, randomUUID, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, URL-safe. Only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

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
