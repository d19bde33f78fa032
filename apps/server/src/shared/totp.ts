import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

// Authenticator-app codes: HOTP (RFC 4226) over 30-second time steps (RFC 6238), secrets in base32 (RFC 4648) as every
// authenticator app expects them in an otpauth:// URL.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('not base32');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpOptions {
  digits?: number;
  stepSeconds?: number;
  algorithm?: TotpAlgorithm;
}

/** The HOTP value of `counter` (RFC 4226 §5.3: dynamic truncation). */
export function hotp(secret: Buffer, counter: number, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

export const timeStep = (atMs: number, stepSeconds = 30) => Math.floor(atMs / 1000 / stepSeconds);

export function totp(secret: Buffer, atMs: number, opts: TotpOptions = {}): string {
  return hotp(secret, timeStep(atMs, opts.stepSeconds), opts.digits, opts.algorithm);
}

/**
 * The time step `code` is valid for, within one step either side of `atMs` (clock drift, a code typed as it turned),
 * or null. Every candidate is computed, so the time taken does not say which step matched.
 */
export function matchTotp(secret: Buffer, code: string, atMs: number, opts: TotpOptions = {}): number | null {
  const now = timeStep(atMs, opts.stepSeconds);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const expected = hotp(secret, step, opts.digits, opts.algorithm);
    if (constantTimeEqual(expected, code) && found === null) found = step;
  }
  return found;
}

function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return ha.equals(hb) && a.length === b.length;
}

export const newTotpSecret = (): Buffer => randomBytes(20);

export function otpauthUrl(secretBase32: string, label: string, issuer: string): string {
  const params = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(label)}?${params.toString()}`;
}

/** Encrypts secrets at rest (AES-256-GCM) with a key kept outside the database: a leaked table yields no secret. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: Buffer) {
    this.key = createHash('sha256').update('bulut.two-factor.v1').update(keyMaterial).digest();
  }

  seal(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(sealed: string): Buffer {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('unknown sealed secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}
