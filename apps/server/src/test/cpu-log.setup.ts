import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

// BULUT_TEST_CPU_LOG=<file>: appends one JSON line per test file with the CPU seconds its worker spent on it, its own
// and its reaped children's (ffmpeg, LibreOffice, child servers): what wall times on a loaded machine cannot tell
// (issue 28). The database server's CPU is not in it. Off unless set.
const log = process.env.BULUT_TEST_CPU_LOG;

/** user+system CPU seconds of this process and of the children it has waited for (/proc/self/stat, clock ticks). */
function cpuSeconds(): { own: number; children: number } {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  // Fields 14-17 of stat(5), counted from the state (field 3) here.
  return { own: (f[11]! + f[12]!) / 100, children: (f[13]! + f[14]!) / 100 };
}

if (log && process.platform === 'linux') {
  let start = cpuSeconds();
  let startedAt = 0;
  let file = '';
  beforeAll(() => {
    start = cpuSeconds();
    startedAt = Date.now();
    file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown');
  });
  afterAll(() => {
    const end = cpuSeconds();
    const line = { file, own: +(end.own - start.own).toFixed(2), children: +(end.children - start.children).toFixed(2), wall: (Date.now() - startedAt) / 1000 };
    fs.appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
