import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A server key kept outside the database: the configured value, else a random one written to `file` on first start
 * (every instance must then see the same file).
 */
export function loadOrCreateKey(configured: string | null, file: string, what: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  try {
    // 'wx': two processes starting together cannot both write a key; the loser reads the winner's.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} holds no usable ${what} key`);
  return Buffer.from(text, 'utf8');
}
