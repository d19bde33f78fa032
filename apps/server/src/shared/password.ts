import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from './errors.js';

export const PASSWORD_RULE = 'Password must be 8–128 characters and contain at least one letter and one digit.';

export function assertPasswordStrength(password: string): void {
  if (password.length < 8 || password.length > 128 || !/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
    throw new AppError(400, 'PASSWORD_TOO_WEAK', PASSWORD_RULE, 'password');
  }
}

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations.
// 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// Under vitest only, and only with BULUT_TEST_FAST_PASSWORD_HASH=1 (vitest.config.ts sets it): argon2id at its
// smallest cost. The suite signs up and signs in thousands of times on each database, ~20 ms of CPU a hash at the cost
// above; shared/password.test.ts checks the production cost. A hash carries its own parameters, so either verifies.
const TEST_OPTIONS = { ...OPTIONS, memoryCost: 1024, timeCost: 1 };
const options = () => (process.env.VITEST && process.env.BULUT_TEST_FAST_PASSWORD_HASH === '1' ? TEST_OPTIONS : OPTIONS);

export const hashPassword = (password: string): Promise<string> => hash(password, options());

let dummy: Promise<string> | null = null;

/** Verifies against a real hash even for unknown users, so timing does not reveal which accounts exist. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummy ??= hash('not-a-real-password-0', options());
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
