import { createHmac } from 'node:crypto';

// RFC 6238 codes for the e2e operator (the server's own is apps/server/src/shared/totp.ts): base32 secret, SHA-1,
// 30-second steps, 6 digits, as the set-up screen's otpauth:// URL says.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function totp(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A code that stays valid long enough to be typed and that no earlier sign-in used (a server refuses a step it has
 * already accepted). Servers take a code one step either side of their clock (RFC 6238 §5.2), so rather than waiting
 * up to 30 s for the next step, the next step's code is used at once: it stays valid for the next 60 s.
 */
export async function freshTotp(secret: string, notIn: Set<string> = new Set()): Promise<string> {
  for (;;) {
    const now = Date.now();
    const left = 30_000 - (now % 30_000);
    const candidates = [...(left > 5_000 ? [totp(secret, now)] : []), totp(secret, now + 30_000)];
    const code = candidates.find((c) => !notIn.has(c));
    if (code) {
      notIn.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, left + 200));
  }
}
