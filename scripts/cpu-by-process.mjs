#!/usr/bin/env node
// Where a command's CPU goes, by kind of process (issue 28: which part of a test run to make cheaper).
// Usage: node scripts/cpu-by-process.mjs <command …>
// The command runs in a cgroup of its own (cgroup v1 `cpuacct`, writable as root on these machines), so processes that
// start sessions of their own (Playwright's browsers and web servers) are still counted. Every second the cgroup's
// processes are read from /proc; a process's last reading is its total, so one that lives under a second may be missed
// (the cgroup's own counter, printed as the total, misses nothing).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.error('usage: cpu-by-process.mjs <command …>');
  process.exit(2);
}
const dir = `/sys/fs/cgroup/cpuacct/cpu-by-process-${process.pid}`;
fs.mkdirSync(dir);
const ticks = 100; // USER_HZ on Linux

/** The kind of a process, from its command line: what a decision about the run would be about. */
function kind(cmd) {
  if (/chrom/i.test(cmd)) {
    const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
    return `chromium ${type ?? 'browser'}`;
  }
  if (/dist\/main\.js/.test(cmd)) return 'bulut server';
  if (/playwright/.test(cmd) || /test-runner|processRunner|workerMain/.test(cmd)) return 'playwright';
  if (/vitest/.test(cmd)) return 'vitest';
  if (/ffmpeg|ffprobe/.test(cmd)) return 'ffmpeg';
  if (/soffice|libreoffice|oosplash/.test(cmd)) return 'libreoffice';
  if (/tsx/.test(cmd)) return 'tsx servers';
  if (/^(npm|sh|bash|node -e)/.test(cmd)) return 'shells';
  return cmd.split(' ')[0].split('/').pop() ?? 'other';
}

const seen = new Map(); // pid+start → { kind, cpu }
function sample() {
  let pids = [];
  try {
    pids = fs.readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n').filter(Boolean);
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[11], [12] are utime, stime (the 14th and 15th of the full line); [19] is the start time.
      const cpu = (Number(fields[11]) + Number(fields[12])) / ticks;
      const key = `${pid}:${fields[19]}`;
      let entry = seen.get(key);
      if (!entry) {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        entry = { kind: kind(cmd), cpu: 0 };
        seen.set(key, entry);
      }
      entry.cpu = cpu;
    } catch {
      // gone between the list and the read
    }
  }
}

const started = Date.now();
const child = spawn('bash', ['-c', `echo $$ > ${dir}/cgroup.procs && exec "$@"`, 'cpu-by-process', ...argv], { stdio: 'inherit' });
const timer = setInterval(sample, 1000);
child.on('exit', (code) => {
  clearInterval(timer);
  sample();
  const total = Number(fs.readFileSync(`${dir}/cpuacct.usage`, 'utf8')) / 1e9;
  const byKind = new Map();
  for (const { kind: k, cpu } of seen.values()) byKind.set(k, (byKind.get(k) ?? 0) + cpu);
  const rows = [...byKind].sort((a, b) => b[1] - a[1]);
  console.log(`\ncpu-by-process: wall ${((Date.now() - started) / 1000).toFixed(0)} s, cgroup total ${total.toFixed(0)} CPU-s`);
  for (const [k, cpu] of rows) console.log(`  ${k.padEnd(28)} ${cpu.toFixed(1).padStart(8)} CPU-s  ${((cpu / total) * 100).toFixed(0).padStart(3)} %`);
  try {
    fs.rmdirSync(dir);
  } catch {
    // a straggler still in it: the cgroup goes when the machine does
  }
  process.exit(code ?? 1);
});
