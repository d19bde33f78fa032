import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { base32Decode, base32Encode, matchTotp, SecretBox, totp, type TotpAlgorithm } from './totp.js';

// RFC 6238 Appendix B: 8-digit codes, 30 s steps, the three HMAC variants with their ASCII test seeds.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: Array<[number, string, TotpAlgorithm]> = [
  [59, '94287082', 'sha1'],
  [59, '46119246', 'sha256'],
  [59, '90693936', 'sha512'],
  [1111111109, '07081804', 'sha1'],
  [1111111109, '68084774', 'sha256'],
  [1111111109, '25091201', 'sha512'],
  [1111111111, '14050471', 'sha1'],
  [1111111111, '67062674', 'sha256'],
  [1111111111, '99943326', 'sha512'],
  [1234567890, '89005924', 'sha1'],
  [1234567890, '91819424', 'sha256'],
  [1234567890, '93441116', 'sha512'],
  [2000000000, '69279037', 'sha1'],
  [2000000000, '90698825', 'sha256'],
  [2000000000, '38618901', 'sha512'],
  [20000000000, '65353130', 'sha1'],
  [20000000000, '77737706', 'sha256'],
  [20000000000, '47863826', 'sha512'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives %s with %s', (seconds, code, algorithm) => {
    expect(totp(SEEDS[algorithm], seconds * 1000, { digits: 8, algorithm })).toBe(code);
  });

  it('accepts one step either side and no further', () => {
    const secret = SEEDS.sha1;
    const at = 1111111111_000;
    expect(matchTotp(secret, totp(secret, at), at)).toBe(Math.floor(at / 30_000));
    expect(matchTotp(secret, totp(secret, at - 30_000), at)).toBe(Math.floor(at / 30_000) - 1);
    expect(matchTotp(secret, totp(secret, at + 30_000), at)).toBe(Math.floor(at / 30_000) + 1);
    expect(matchTotp(secret, totp(secret, at - 60_000), at)).toBeNull();
    expect(matchTotp(secret, totp(secret, at + 60_000), at)).toBeNull();
    expect(matchTotp(secret, 'abcdef', at)).toBeNull();
  });

  it('round-trips base32 as authenticator apps read it (RFC 4648 vector)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    const secret = randomBytes(20);
    expect(base32Decode(base32Encode(secret)).equals(secret)).toBe(true);
  });

  it('seals secrets so that another key cannot open them or a changed byte is noticed', () => {
    const box = new SecretBox(randomBytes(32));
    const secret = randomBytes(20);
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(base32Encode(secret));
    expect(box.open(sealed).equals(secret)).toBe(true);
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
  });
});
