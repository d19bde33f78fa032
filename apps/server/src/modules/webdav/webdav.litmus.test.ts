import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.js';
import { listeningDavServer } from './webdav.fixtures.js';

// litmus (the WebDAV server test suite, Debian package `litmus`, installed by scripts/ensure-system-deps.mjs) run
// against the real server over HTTP (`npm test` installs it first; it is not optional). Every suite must pass; `warning` lines are allowed (litmus's own "SHOULD"s).
const LITMUS = '/usr/bin/litmus';
const SUITES = ['basic', 'copymove', 'props', 'locks', 'http'];

function runLitmus(url: string, user: string, password: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(LITMUS, [url, user, password], { env: { ...process.env, TESTS: SUITES.join(' ') } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe.each(DIALECTS)('litmus, the WebDAV test suite (%s)', (dialect) => {
  const server = listeningDavServer(dialect);

  it('passes every test of every suite', async () => {
    const { code, out } = await runLitmus(`http://127.0.0.1:${server.port}/dav/files/`, server.u.email, server.u.password);
    const failed = out.split('\n').filter((l) => /\bFAIL\b/.test(l));
    expect(failed, out).toEqual([]);
    for (const suite of SUITES) expect(out, out).toMatch(new RegExp(`<- summary for \`${suite}': of \\d+ tests run: \\d+ passed, 0 failed`));
    expect(code, out).toBe(0);
  }, 120_000);
});
