#!/usr/bin/env node
// Runs commands at once, each line of output prefixed with its label; fails if any fails, after all have finished
// (so every suite's failures are visible), and ends with a summary of exit codes and wall times.
// Usage: node scripts/run-parallel.mjs server="npm run test -w apps/server" web="npm run test -w apps/web"
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const jobs = process.argv.slice(2).map((arg) => {
  const eq = arg.indexOf('=');
  if (eq <= 0) throw new Error(`expected label="command", got ${arg}`);
  return { label: arg.slice(0, eq), command: arg.slice(eq + 1) };
});
if (jobs.length === 0) {
  console.error('usage: run-parallel.mjs label="command" …');
  process.exit(2);
}

const width = Math.max(...jobs.map((j) => j.label.length));
// Lines that name a failure, repeated after the summary: CI shows only the tail of a long interleaved log.
const FAILURE_LINE = /\bFAIL\b|×|✗|AssertionError|Error:|failed|Timed out/;
const failures = new Map(jobs.map((j) => [j.label, []]));
const children = new Set();
const started = Date.now();

const run = ({ label, command }) =>
  new Promise((resolve) => {
    const t0 = Date.now();
    // Own process group, so a signal reaches the whole tree (npm → vitest → its workers).
    const child = spawn(command, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { FORCE_COLOR: '1', ...process.env } });
    children.add(child);
    const prefix = `[${label.padEnd(width)}] `;
    const drained = [[child.stdout, process.stdout], [child.stderr, process.stderr]].map(
      ([stream, out]) =>
        new Promise((done) =>
          readline
            .createInterface({ input: stream })
            .on('line', (line) => {
              out.write(prefix + line + '\n');
              // eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters by nature.
              const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
              const seen = failures.get(label);
              if (FAILURE_LINE.test(plain) && seen.length < 60) seen.push(plain);
            })
            .on('close', done),
        ),
    );
    child.on('close', async (code, signal) => {
      children.delete(child);
      const seconds = (Date.now() - t0) / 1000;
      await Promise.all(drained);
      resolve({ label, code: code ?? 1, signal, seconds });
    });
  });

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    }
  });
}

const results = await Promise.all(jobs.map(run));
for (const r of results) {
  if (r.code === 0) continue;
  console.log(`\n${'─'.repeat(40)}\n${r.label}: lines naming a failure (first 60)`);
  for (const line of failures.get(r.label)) console.log(`[${r.label}] ${line}`);
}
console.log(`\n${'─'.repeat(40)}`);
for (const r of results) {
  const status = r.code === 0 ? 'ok' : r.signal ? `killed (${r.signal})` : `FAILED (exit ${r.code})`;
  console.log(`${r.label.padEnd(width)}  ${status.padEnd(18)} ${r.seconds.toFixed(1)} s`);
}
console.log(`${'wall'.padEnd(width)}  ${''.padEnd(18)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
