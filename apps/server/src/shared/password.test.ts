import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashes', () => {
  const fast = process.env.BULUT_TEST_FAST_PASSWORD_HASH;
  afterEach(() => {
    if (fast === undefined) delete process.env.BULUT_TEST_FAST_PASSWORD_HASH;
    else process.env.BULUT_TEST_FAST_PASSWORD_HASH = fast;
  });

  it("are argon2id at OWASP's baseline (19 MiB, 2 passes) outside the test suite's fast setting", async () => {
    delete process.env.BULUT_TEST_FAST_PASSWORD_HASH;
    const stored = await hashPassword('correct horse 42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse 42')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse 43')).toBe(false);
    expect(await verifyPassword(null, 'correct horse 42')).toBe(false);
  });

  it('the fast setting is argon2id too, and a hash made at either cost verifies whichever is set', async () => {
    process.env.BULUT_TEST_FAST_PASSWORD_HASH = '1';
    const cheap = await hashPassword('correct horse 42');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    delete process.env.BULUT_TEST_FAST_PASSWORD_HASH;
    expect(await verifyPassword(cheap, 'correct horse 42')).toBe(true);
    const dear = await hashPassword('correct horse 42');
    process.env.BULUT_TEST_FAST_PASSWORD_HASH = '1';
    expect(await verifyPassword(dear, 'correct horse 42')).toBe(true);
    expect(await verifyPassword(dear, 'wrong horse 42')).toBe(false);
  });
});
