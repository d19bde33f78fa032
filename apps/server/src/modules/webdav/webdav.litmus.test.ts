import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../../test/harness.js';
import { listeningDav, type DavUser } from './webdav.fixtures.js';

// litmus (the WebDAV server test suite, Debian package `litmus`, installed by scripts/ensure-system-deps.mjs) run
// against the real server over HTTP (`npm test` installs it first; it is not optional). Every suite must pass; `warning` lines are allowed (litmus's own "SHOULD"s).
const LITMUS = '/usr/bin/litmus';
const SUITES = ['basic', 'copymove', 'props', 'locks', 'http'];

function runLitmus(url: string, user: string, password: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(LITMUS, [url, user, password], { env: { ...process.env, TESTS: SUITES.join(' ') } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out }));
  });
}

describe.each(DIALECTS)('litmus, the WebDAV test suite (%s)', (dialect) => {
  let t: TestApp;
  let u: DavUser;
  let port = 0;
  beforeAll(async () => {
    ({ t, u, port } = await listeningDav(dialect));
  });
  afterAll(() => t.close());

  it('passes every test of every suite', async () => {
    const url = `http://127.0.0.1:${port}/dav/files/`;
    let { code, signal, out } = await runLitmus(url, u.email, u.password);
    // One clean-clone CI run at load 20+ saw litmus end after printing only "-> running `basic':" (no test line, no
    // FAIL): litmus itself died. A second run then decides; a server fault fails both, and says so in the output.
    if (signal !== null || !/<- summary for `basic'/.test(out)) {
      console.warn(`litmus ended early (code ${code}, signal ${signal}); running it once more. Its output:\n${out}`);
      ({ code, signal, out } = await runLitmus(url, u.email, u.password));
    }
    const failed = out.split('\n').filter((l) => /\bFAIL\b/.test(l));
    expect(failed, out).toEqual([]);
    for (const suite of SUITES) expect(out, out).toMatch(new RegExp(`<- summary for \`${suite}': of \\d+ tests run: \\d+ passed, 0 failed`));
    expect(code, out).toBe(0);
  });
});
