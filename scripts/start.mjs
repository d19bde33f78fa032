#!/usr/bin/env node
// `npm start`: builds the web app and the server unless their outputs are newer than every source, then runs the server.
// Usage: node scripts/start.mjs [--check] (--check prints whether a build is needed and exits 0 = up to date, 1 = stale)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

/** What the build reads: a change in any of these makes the outputs stale. */
const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/share.html',
  'apps/web/scripts',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/server/src',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
  'apps/server/package.json',
];
/** What the build writes (both builds replace these every time). */
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its directory's mtime
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

export function buildIsStale() {
  const outputs = OUTPUTS.map((p) => newestMtime(at(p)));
  if (outputs.some((m) => m === 0)) return true;
  const sources = Math.max(...SOURCES.map((p) => newestMtime(at(p))));
  return sources > Math.min(...outputs);
}

const stale = buildIsStale();
if (process.argv.includes('--check')) {
  console.log(stale ? 'build needed' : 'build up to date');
  process.exit(stale ? 1 : 0);
}

if (stale) {
  console.log('Building the web app and the server (skipped next time while nothing changes)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('Build is up to date: starting at once (npm run build forces a rebuild).');
}

// The server runs as a child: signals sent to this process are passed on so it shuts down cleanly, and its exit code is ours.
const server = spawn(process.execPath, [at('apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
