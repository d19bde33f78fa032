import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../../test/harness.js';
import { listeningDav, type DavUser } from './webdav.fixtures.js';

// rclone (Debian package `rclone`, installed by scripts/ensure-system-deps.mjs) as a real WebDAV client over HTTP.
// Vendor `owncloud`: rclone then sends X-OC-Mtime with every PUT and compares modification times (1 s precision) on
// the next sync; with vendor `other` it has no modtimes and would compare sizes only (docs/decisions.md).
// The full tree (1,000 files, a 200 MB one) runs on SQLite only: what depends on the database (names, modtimes,
// quota, listing order) is the same on PostgreSQL with a smaller tree, and CI time matters (docs/decisions.md).
const RCLONE = '/usr/bin/rclone';

interface Tree {
  files: number;
  bigBytes: number;
}
const TREES: Record<'sqlite' | 'postgres', Tree> = {
  sqlite: { files: 1000, bigBytes: 200 * 1024 * 1024 },
  postgres: { files: 60, bigBytes: 3 * 1024 * 1024 },
};

/** Folder and file names the names rule accepts, in the scripts subscribers use. */
const FOLDERS = ['Belgeler', 'Fotoğraflar', 'ÇALIŞMA İşleri', 'مستندات', 'Günlük ğüşıöç', 'صور العائلة'];
const STEMS = ['not', 'ılık şarkı', 'İstanbul', 'ملف', 'تقرير سنوي', 'özet'];

/**
 * A nested tree of `files` files (the last one big), written under `root`; returns the relative paths. Up to 8 files
 * a folder: 1,000 files make 330 folders (it was one file a folder and 1,405 folders, whose listings and MKCOLs were
 * most of rclone's requests and of this file's CPU, issue 28). Still 6 top folders of Turkish and Arabic names with
 * subfolders, a fifth of the files two levels deeper, every file its own name and size.
 */
function generateTree(root: string, tree: Tree): string[] {
  const out: string[] = [];
  for (let i = 0; i < tree.files - 1; i++) {
    const top = FOLDERS[i % FOLDERS.length]!;
    const sub = `${STEMS[Math.floor(i / FOLDERS.length) % STEMS.length]} ${Math.floor(i / 360)}`;
    const rel = path.join(top, sub, ...(i % 5 === 0 ? ['derin', 'عميق'] : []), `${STEMS[i % STEMS.length]} ${i}.txt`);
    fs.mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
    // Sizes vary so that a wrong length would show; content varies so that a mixed-up file would.
    fs.writeFileSync(path.join(root, rel), `${rel}\n${randomBytes(1 + (i % 97) * 37).toString('base64')}\n`);
    out.push(rel);
  }
  const big = path.join('Yedekler', 'büyük arşiv ملف.bin');
  fs.mkdirSync(path.join(root, 'Yedekler'), { recursive: true });
  const fd = fs.openSync(path.join(root, big), 'w');
  const block = randomBytes(1024 * 1024);
  for (let written = 0; written < tree.bigBytes; written += block.length) {
    block.writeUInt32BE(written / block.length, 0);
    fs.writeSync(fd, block, 0, Math.min(block.length, tree.bigBytes - written));
  }
  fs.closeSync(fd);
  out.push(big);
  return out;
}

interface RcloneRun {
  code: number | null;
  out: string;
  /** The last stats rclone logged (its JSON log's `stats` object). */
  stats: { transfers: number; errors: number; checks: number; bytes: number } | null;
}

function rclone(args: string[], env: Record<string, string>): Promise<RcloneRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(RCLONE, ['--config', '/dev/null', '--use-json-log', '-v', '--stats', '1h', ...args], { env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      let stats: RcloneRun['stats'] = null;
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { stats?: RcloneRun['stats'] };
        if (entry.stats) stats = entry.stats;
      }
      resolve({ code, out, stats });
    });
  });
}

const obscure = (password: string) =>
  new Promise<string>((resolve, reject) => {
    // `--`: an app password may start with a dash.
    const child = spawn(RCLONE, ['obscure', '--', password]);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`rclone obscure: ${code}`))));
  });

describe.each(DIALECTS)('rclone syncs a tree to the mount and back (%s)', (dialect) => {
  const tree = TREES[dialect];
  let t: TestApp;
  let u: DavUser;
  let work: string;
  let env: Record<string, string>;
  let names: string[];
  beforeAll(async () => {
    let port: number;
    ({ t, u, port } = await listeningDav(dialect));
    // Room for the tree whatever the default plan is.
    await t.database.db.updateTable('account').set({ quota_bytes: 2 * 1024 ** 3 }).where('id', '=', u.accountId).execute();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-rclone-'));
    names = generateTree(path.join(work, 'src'), tree);
    // The remote "bulut:" from the environment, as `rclone config` would write it.
    env = {
      RCLONE_CONFIG_BULUT_TYPE: 'webdav',
      RCLONE_CONFIG_BULUT_URL: `http://127.0.0.1:${port}/dav/files`,
      RCLONE_CONFIG_BULUT_VENDOR: 'owncloud',
      RCLONE_CONFIG_BULUT_USER: u.email,
      RCLONE_CONFIG_BULUT_PASS: await obscure(u.password),
    };
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('sync up, sync down to a fresh folder, check --download: no difference; a second sync transfers nothing', async () => {
    const src = path.join(work, 'src');
    const back = path.join(work, 'back');
    const usage = () => t.database.db.selectFrom('account').select(['used_bytes', 'reserved_bytes']).where('id', '=', u.accountId).executeTakeFirstOrThrow();
    const usedBefore = Number((await usage()).used_bytes);
    const up = await rclone(['sync', src, 'bulut:Yedek', '--transfers', '4', '--checkers', '8'], env);
    expect(up.code, up.out).toBe(0);
    expect(up.stats, up.out).toMatchObject({ transfers: tree.files, errors: 0 });

    const down = await rclone(['sync', 'bulut:Yedek', back, '--transfers', '4', '--checkers', '8'], env);
    expect(down.code, down.out).toBe(0);
    expect(down.stats, down.out).toMatchObject({ transfers: tree.files, errors: 0 });
    // Byte for byte, and the client's modification times came back (X-OC-Mtime kept; 1 s precision).
    for (const rel of [names[0]!, names.at(-2)!, names.at(-1)!]) {
      expect(fs.readFileSync(path.join(back, rel)).equals(fs.readFileSync(path.join(src, rel))), rel).toBe(true);
      expect(Math.floor(fs.statSync(path.join(back, rel)).mtimeMs / 1000), rel).toBe(Math.floor(fs.statSync(path.join(src, rel)).mtimeMs / 1000));
    }

    const check = await rclone(['check', src, 'bulut:Yedek', '--download', '--checkers', '8'], env);
    expect(check.code, check.out).toBe(0);
    expect(check.out).toMatch(/0 differences found/);
    expect(check.out).toMatch(new RegExp(`${tree.files} matching files`));

    const again = await rclone(['sync', src, 'bulut:Yedek', '--checkers', '8'], env);
    expect(again.code, again.out).toBe(0);
    expect(again.stats, again.out).toMatchObject({ transfers: 0, errors: 0, checks: tree.files });

    // What rclone stored is the subscriber's, counted once in the quota.
    const account = await usage();
    const total = names.reduce((sum, rel) => sum + fs.statSync(path.join(src, rel)).size, 0);
    expect({ used: Number(account.used_bytes) - usedBefore, reserved: Number(account.reserved_bytes) }).toEqual({ used: total, reserved: 0 });
  }, 600_000);
});
