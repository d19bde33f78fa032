import { describe, expect, it } from 'vitest';
import { base32, newTypableToken } from './tokens.js';

describe('typable tokens', () => {
  it('encode RFC 4648 base32 in lower case', () => {
    expect(base32(Buffer.from('foobarbaz1'))).toBe('mzxw6ytbojrgc6rr');
    expect(base32(Buffer.alloc(5, 255))).toBe('77777777');
    expect(base32(Uint8Array.from({ length: 20 }, (_, i) => i))).toBe('aaaqeayeaudaocajbifqydiob4ibceqt');
    expect(() => base32(Buffer.alloc(4))).toThrow();
  });

  it('are 160 bits of [a-z2-7], every symbol used in every place', () => {
    const tokens = Array.from({ length: 2000 }, newTypableToken);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // The first and last places see all 32 symbols: no bit is stuck.
    for (const place of [0, 31]) expect(new Set(tokens.map((token) => token[place])).size).toBe(32);
  });
});
