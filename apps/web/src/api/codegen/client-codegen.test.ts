/// <reference types="node" />
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readClient } from './client-codegen';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'generate-api.ts');

describe('generated client', () => {
  it('is what openapi.json generates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-client-'));
    try {
      // In a child Node: the OpenAPI parser cannot read files under jsdom. Awaited, not synchronous: the suite's files
      // share one worker, whose other work (and vitest's own messages) must not stall while the child compiles.
      await promisify(execFile)(process.execPath, ['--import', 'tsx', script, dir]);
      const expected = readClient(dir);
      const actual = readClient();
      const stale = [...new Set([...expected.keys(), ...actual.keys()])].filter((name) => expected.get(name) !== actual.get(name));
      if (stale.length > 0) expect.fail(`src/api/generated is stale (${stale.join(', ')}): run npm run generate:api -w apps/web`);
      expect(expected.size).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The child compiles the generator with tsx: 12 CPU-s alone, but 173 s of wall time at load 28 and 295 s in a
    // clean-clone CI run at load 22, where it inherits the web suite's nice 6 (2026-11-30).
  }, 900_000);

  it('loads types-only.ts for its types alone, so its plain endpoints never shadow the infinite queries', () => {
    const src = path.resolve(path.dirname(script), '../..');
    const sources = (fs.readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !file.includes('generated'));
    const valueImports = sources.filter((file) =>
      /^import (?!type )[^;]*from '[^']*generated\/types-only'/m.test(fs.readFileSync(path.join(src, file), 'utf8')),
    );
    expect(valueImports).toEqual([]);
  });

  it('writes types-only.ts with no endpoint and no import, so the session and base query can read it below base-api', () => {
    const text = readClient().get('types-only.ts') ?? '';
    expect(text).toMatch(/^export type RememberMeApiResponse =/m);
    expect(text).not.toMatch(/^import /m);
    expect(text).not.toContain('injectEndpoints');
  });
});
