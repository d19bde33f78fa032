#!/usr/bin/env node
// Runs commands at once, each line of output prefixed with its label; fails if any fails, after all have finished
// (so every suite's failures are visible), and ends with a summary of exit codes, wall times and CPU times.
// Usage: node scripts/run-parallel.mjs server="npm run test -w apps/server" web="npm run test -w apps/web"
// A label may carry, in any order:
//   @other    start only once the job labelled `other` has succeeded (skipped if it fails); repeatable
//   ~N        run at CPU priority nice N (0–19) against the other jobs
// e.g.  build="npm run build" e2e@build="npm run e2e -w e2e" server~10="npm run test -w apps/server"
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const LABEL = /^([A-Za-z0-9_-]+)((?:[@~][A-Za-z0-9_-]+)*)$/;
const jobs = process.argv.slice(2).map((arg) => {
  const eq = arg.indexOf('=');
  const m = eq > 0 ? LABEL.exec(arg.slice(0, eq)) : null;
  if (!m) throw new Error(`expected label[@after][~nice]="command", got ${arg}`);
  const mods = m[2].match(/[@~][A-Za-z0-9_-]+/g) ?? [];
  const after = mods.filter((x) => x[0] === '@').map((x) => x.slice(1));
  const nice = mods.filter((x) => x[0] === '~').map((x) => Number(x.slice(1)));
  if (nice.length > 1 || nice.some((n) => !Number.isInteger(n) || n < 0 || n > 19)) throw new Error(`bad ~nice in ${arg}`);
  return { label: m[1], command: arg.slice(eq + 1), after, nice: nice[0] ?? 0 };
});
if (jobs.length === 0) {
  console.error('usage: run-parallel.mjs label[@after][~nice]="command" …');
  process.exit(2);
}
for (const job of jobs) {
  for (const dep of job.after) if (!jobs.some((j) => j.label === dep)) throw new Error(`${job.label}: no job labelled ${dep}`);
}

const width = Math.max(...jobs.map((j) => j.label.length));
// Lines that name a failure, repeated after the summary: CI shows only the tail of a long interleaved log.
const FAILURE_LINE = /\bFAIL\b|×|✗|AssertionError|Error:|failed|Timed out/;
const failures = new Map(jobs.map((j) => [j.label, []]));
const children = new Set();
const started = Date.now();
let stopping = false;

/**
 * Each job runs in its own session (own process group, so a signal reaches npm → vitest → its workers). A job's
 * priority needs more than `nice`: with the kernel's autogroup scheduling (the default on desktop and CI kernels) every
 * session is one group that gets an equal share of the CPU whatever its processes' nice values, and a job's children
 * that start sessions of their own (Playwright starts each browser and web server detached) escape its group. So where
 * the cgroup-v1 `cpu` controller is writable (as root on this machine), each job gets a cgroup of its own that all its
 * descendants inherit, weighted by its nice (`cpu.shares` 1024 / 1.25^nice, the kernel's own step); the `cpuacct`
 * controller beside it counts every descendant's CPU, browsers and detached servers included. Elsewhere the job's
 * autogroup gets the nice value.
 */
const CGROUP_V1 = '/sys/fs/cgroup';
function makeCgroups(label, nice) {
  const name = `run-parallel-${process.pid}-${label}`;
  const made = {};
  for (const controller of ['cpu', 'cpuacct']) {
    const dir = path.join(CGROUP_V1, controller, name);
    try {
      fs.mkdirSync(dir);
      if (controller === 'cpu') fs.writeFileSync(path.join(dir, 'cpu.shares'), String(Math.max(2, Math.round(1024 / 1.25 ** nice))));
      made[controller] = dir;
    } catch {
      // not cgroup v1, or not ours to write
    }
  }
  return made;
}
function removeCgroups(made) {
  for (const dir of Object.values(made)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // a straggler still in it: the kernel keeps the group until it exits
    }
  }
}
function cgroupCpuSeconds(made) {
  try {
    return Number(fs.readFileSync(path.join(made.cpuacct, 'cpuacct.usage'), 'utf8')) / 1e9;
  } catch {
    return null;
  }
}
function setPriority(pid, nice) {
  if (nice === 0) return;
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroup scheduling (or not Linux): plain nice applies between sessions then; it is inherited by the job.
  }
}

/** `times` of the job's shell: its second line is the user and system CPU of every process it (and they) waited for. */
function cpuSeconds(text) {
  const line = text.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return parts.length === 2 ? parts[0] + parts[1] : null;
}

const run = ({ label, command, nice }) =>
  new Promise((resolve) => {
    const t0 = Date.now();
    const prefix = `[${label.padEnd(width)}] `;
    console.log(`${prefix}started at ${((t0 - started) / 1000).toFixed(0)} s${nice ? ` (nice ${nice})` : ''}`);
    // The shell's `times` after the command: a file rather than an extra pipe, which every descendant would inherit.
    const timesFile = path.join(os.tmpdir(), `run-parallel-${process.pid}-${label}.times`);
    const groups = makeCgroups(label, nice);
    // The shell joins the job's cgroups before it runs anything, so every descendant starts inside them.
    const join = Object.values(groups)
      .map((dir) => `echo $$ > '${dir}/tasks'`)
      .join('; ');
    const script = `${join ? `${join}\n` : ''}${command}\n__rc=$?; times > '${timesFile}'; exit $__rc`;
    const child = spawn(nice && !groups.cpu ? `nice -n ${nice} sh -c '${script.replace(/'/g, `'\\''`)}'` : script, {
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { FORCE_COLOR: '1', ...process.env },
    });
    if (!groups.cpu) setPriority(child.pid, nice);
    children.add(child);
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
      let times = '';
      try {
        times = fs.readFileSync(timesFile, 'utf8');
        fs.rmSync(timesFile);
      } catch {
        // killed before `times` ran: no CPU figure
      }
      const cpu = cgroupCpuSeconds(groups) ?? cpuSeconds(times);
      removeCgroups(groups);
      resolve({ label, code: code ?? 1, signal, seconds, start: (t0 - started) / 1000, cpu });
    });
  });

// Each job starts when every job it waits for has succeeded; a failed (or skipped) dependency skips it.
const results = new Map();
const settle = (job) => {
  if (!results.has(job.label)) {
    results.set(
      job.label,
      Promise.all(job.after.map((dep) => settle(jobs.find((j) => j.label === dep)))).then((deps) => {
        const failed = deps.find((d) => d.code !== 0);
        if (failed || stopping) return { label: job.label, code: 1, skipped: failed?.label ?? 'stopped', seconds: 0, start: null, cpu: null };
        return run(job);
      }),
    );
  }
  return results.get(job.label);
};

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    for (const child of children) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    }
  });
}

const done = await Promise.all(jobs.map(settle));
for (const r of done) {
  if (r.code === 0 || r.skipped) continue;
  console.log(`\n${'─'.repeat(40)}\n${r.label}: lines naming a failure (first 60)`);
  for (const line of failures.get(r.label)) console.log(`[${r.label}] ${line}`);
}
console.log(`\n${'─'.repeat(40)}`);
let cpuTotal = 0;
for (const r of done) {
  const status = r.skipped ? `skipped (${r.skipped})` : r.code === 0 ? 'ok' : r.signal ? `killed (${r.signal})` : `FAILED (exit ${r.code})`;
  const timing = r.start === null ? '' : `${r.seconds.toFixed(1).padStart(7)} s wall, from ${r.start.toFixed(0).padStart(4)} s`;
  const cpu = r.cpu === null ? '' : `, ${r.cpu.toFixed(0).padStart(5)} CPU-s`;
  cpuTotal += r.cpu ?? 0;
  console.log(`${r.label.padEnd(width)}  ${status.padEnd(20)} ${timing}${cpu}`);
}
const wall = (Date.now() - started) / 1000;
// CPU-s: what every process the job started used (with cgroups; else what it waited for), not PostgreSQL's server.
console.log(`${'wall'.padEnd(width)}  ${''.padEnd(20)} ${wall.toFixed(1).padStart(7)} s wall, ${cpuTotal.toFixed(0)} CPU-s in all`);
process.exit(done.every((r) => r.code === 0) ? 0 : 1);
