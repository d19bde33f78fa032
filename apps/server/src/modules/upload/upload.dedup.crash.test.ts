import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS, signUp, startTestApp } from '../../test/harness.js';
import { crashSuite, restarter } from '../../test/crash-suite.js';
import { freePort, mulberry32, ServerProcess, serverEnv, sleep } from '../../test/server-process.js';
import { sweepContent } from '../files/files.content.js';
import { countRefs } from '../files/files.content.repository.js';

// Issue 35, the kill test of shared bytes: three accounts upload from a small pool of contents (so the same bytes are
// shared across accounts), skip files they hold, upload files of several pieces that skip the pieces they hold (composed
// files, whose parts are other files' blobs), delete for good, and one account is deleted, while the real server is
// SIGKILLed at seeded moments (in requests, in the purge jobs and account-deletion steps they queue). Afterwards every
// file row reads its bytes, and after the sweep no blob is left that nothing names.

const STEPS = Number(process.env.DEDUP_CRASH_STEPS ?? 40);
const KILLS = Number(process.env.DEDUP_CRASH_KILLS ?? 8);
const SEED = Number(process.env.DEDUP_CRASH_SEED ?? 35);

const PIECE = 8 * 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(DIALECTS)('crash while sharing stored bytes (%s)', (dialect) => {
  const suite = crashSuite('bulut-dedup-crash-');
  const { dataDir } = suite;

  it(`${STEPS} uploads, skips and deletes over shared bytes, an account deletion, ${KILLS} SIGKILLs: nothing named is lost, nothing unnamed survives the sweep`, async () => {
    const random = mulberry32(SEED);
    const pg = (suite.pg = dialect === 'postgres' ? await createPgDatabase() : null);
    const dbEnv: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {};
    const setup = await startTestApp('sqlite', dbEnv, { dataDir });
    const users = [await signUp(setup), await signUp(setup), await signUp(setup)];
    await setup.close();

    const port = await freePort();
    const srv = (suite.server = new ServerProcess(serverEnv(dataDir, port, dbEnv)));
    await srv.start();

    let requests = 0;
    /** Runs of held pieces the server took: uploads it composed of stored ranges. */
    let heldRunsTaken = 0;
    const killAt = new Set<number>();
    while (killAt.size < KILLS) killAt.add(1 + Math.floor(random() * STEPS * 3));
    const restarts = restarter(srv);
    const { crash } = restarts;
    /** One request; a kill lands a seeded few milliseconds after it went out. Null: the server went away meanwhile. */
    async function send(token: string, method: string, url: string, init: { headers?: Record<string, string>; body?: Buffer | string } = {}) {
      requests++;
      if (killAt.has(requests)) setTimeout(() => void crash(), Math.floor(random() * 20));
      try {
        return await fetch(`${srv.base}/api${url}`, {
          method,
          headers: { 'x-auth-token': token, ...init.headers },
          body: typeof init.body === 'string' ? init.body : init.body ? new Uint8Array(init.body) : undefined,
        });
      } catch {
        if (restarts.restarting) await restarts.restarting;
        else await sleep(50);
        return null;
      }
    }
    /** Repeats a request until the server answers (a retry after a cut connection, as clients do). */
    async function answered(token: string, method: string, url: string, init: { headers?: Record<string, string>; body?: Buffer | string } = {}) {
      for (let i = 0; i < 50; i++) {
        const res = await send(token, method, url, init);
        if (res) return { status: res.status, text: await res.text() };
      }
      throw new Error(`no answer to ${method} ${url}`);
    }

    const pool = Array.from({ length: 4 }, () => Buffer.from(Array.from({ length: 1 + Math.floor(random() * 150_000) }, () => Math.floor(random() * 256))));
    // Files of three pieces, each one of a few variants of each piece, so they share pieces in every combination.
    const seeded = (bytes: number) => {
      const out = Buffer.alloc(bytes);
      for (let i = 0; i + 4 <= bytes; i += 4) out.writeUInt32LE(Math.floor(random() * 2 ** 32), i);
      return out;
    };
    const variants = [0, 1, 2].map((i) => [seeded(i < 2 ? PIECE : 1000), seeded(i < 2 ? PIECE : 1000)]);
    const bigFile = () => Buffer.concat(variants.map((v) => v[Math.floor(random() * v.length)]!));
    const pieceHashes = (body: Buffer) => [0, PIECE, 2 * PIECE].map((at) => sha(body.subarray(at, Math.min(body.length, at + PIECE))));
    /**
     * Sends a file of pieces as the web client does, skipping the pieces the account says it holds, resuming where HEAD
     * says after a kill. The final status: 201, or 409 UPLOAD_COMPLETE when an earlier answer was lost.
     */
    async function sendSkipping(token: string, uuid: string, body: Buffer, meta: Record<string, string>): Promise<number> {
      const asked = await answered(token, 'POST', '/upload/held', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bytes: body.length, sha256: sha(body), pieces: pieceHashes(body) }),
      });
      const held: boolean[] = asked.status === 200 ? (JSON.parse(asked.text) as { pieces: boolean[] }).pieces : [false, false, false];
      let offset = 0;
      for (let turn = 0; turn < 100; turn++) {
        const end = Math.min(body.length, offset + PIECE);
        const piece = Math.floor(offset / PIECE);
        // Each run of held pieces in one call, as the web client sends them.
        let runEnd = offset;
        while (runEnd < body.length && held[Math.floor(runEnd / PIECE)]) runEnd = Math.min(body.length, runEnd + PIECE);
        const pieces = [];
        for (let at = offset; at < runEnd; at += PIECE) pieces.push({ start: at, end: Math.min(runEnd, at + PIECE) - 1, sha256: sha(body.subarray(at, Math.min(runEnd, at + PIECE))) });
        const res = held[piece]
          ? await send(token, 'POST', `/upload/${uuid}/known-pieces`, {
              headers: { ...meta, 'content-type': 'application/json' },
              body: JSON.stringify({ total: body.length, pieces }),
            })
          : await send(token, 'PUT', `/upload/${uuid}`, {
              headers: { ...meta, 'content-type': 'application/octet-stream', 'content-range': `bytes ${offset}-${end - 1}/${body.length}` },
              body: body.subarray(offset, end),
            });
        const text = res ? await res.text() : '';
        if (held[piece] && (res?.status === 201 || res?.status === 202)) heldRunsTaken++;
        if (res?.status === 201) return 201;
        if (res?.status === 202) {
          offset = held[piece] ? runEnd : end;
          continue;
        }
        if (res?.status === 409 && text.includes('UPLOAD_COMPLETE')) return 409;
        if (res?.status === 409 && text.includes('PIECE_NOT_HELD')) {
          // The pieces before the one not held were taken: that one goes as bytes.
          const at = Number(res.headers.get('upload-offset') ?? offset);
          held[Math.floor((at >= offset && at < runEnd ? at : offset) / PIECE)] = false;
        } else if (res && ![400, 404, 409, 503].includes(res.status)) throw new Error(`piece: ${res.status} ${text}`);
        // Cut off, offset mismatch, still assembling: ask where to go on (404: start again at 0).
        const head = await send(token, 'HEAD', `/upload/${uuid}`);
        if (!head) continue;
        // Assembling (202): the final piece sent again finishes it, or answers with the file.
        offset = head.status === 202 ? 2 * PIECE : head.status === 200 ? Number(head.headers.get('upload-offset')) : 0;
        if (head.status === 200 && offset === body.length) return 409;
      }
      throw new Error(`upload ${uuid} never completed`);
    }
    /** Files each account saw complete and did not see deleted for good: uuid → sha256. */
    const kept = users.map(() => new Map<string, string>());
    for (let step = 0; step < STEPS; step++) {
      const who = Math.floor(random() * users.length);
      const { token } = users[who]!;
      const body = pool[Math.floor(random() * pool.length)]!;
      const op = random();
      const uuid = randomUUID();
      const meta = { 'x-object-meta-file-name': encodeURIComponent(`f${step}.bin`), 'x-object-meta-parent-uuid': '' };
      if (op < 0.2) {
        const big = bigFile();
        const status = await sendSkipping(token, uuid, big, meta);
        kept[who]!.set(uuid, sha(big));
        expect([201, 409]).toContain(status);
      } else if (op < 0.55) {
        // 400: the server saw the body cut by a kill; the client sends it again under the same uuid.
        let res = await answered(token, 'PUT', `/upload/${uuid}`, { headers: { ...meta, 'content-type': 'application/octet-stream' }, body });
        for (let i = 0; i < 5 && res.status === 400; i++) {
          res = await answered(token, 'PUT', `/upload/${uuid}`, { headers: { ...meta, 'content-type': 'application/octet-stream' }, body });
        }
        // 409 UPLOAD_COMPLETE: the answer to an earlier try of the same request was lost; the file is there.
        if (res.status === 201 || (res.status === 409 && res.text.includes('UPLOAD_COMPLETE'))) kept[who]!.set(uuid, sha(body));
        else if (res.status !== 400) throw new Error(`upload: ${res.status} ${res.text}`);
      } else if (op < 0.8) {
        const res = await answered(token, 'POST', `/upload/${uuid}/known`, {
          headers: { ...meta, 'content-type': 'application/json' },
          body: JSON.stringify({ bytes: body.length, sha256: sha(body) }),
        });
        if (res.status === 201 || (res.status === 409 && res.text.includes('UPLOAD_COMPLETE'))) kept[who]!.set(uuid, sha(body));
        else if (!(res.status === 409 && res.text.includes('CONTENT_NOT_HELD'))) throw new Error(`known: ${res.status} ${res.text}`);
      } else {
        const victim = [...kept[who]!.keys()][Math.floor(random() * kept[who]!.size)];
        if (!victim) continue;
        const json = { 'content-type': 'application/json' };
        await answered(token, 'DELETE', '/filesystem/trash', { headers: json, body: JSON.stringify([victim]) });
        const gone = await answered(token, 'DELETE', '/filesystem/trash/forever', { headers: json, body: JSON.stringify([victim]) });
        if (gone.status === 200) kept[who]!.delete(victim);
        else if (gone.status === 404) {
          // A kill after the delete committed but before its answer: the retry finds nothing in the trash. The
          // account's activity tells a committed delete (recorded in the same transaction) from a lost file.
          const feed = await answered(token, 'GET', '/filesystem/activityFeed?sortOrder=DESC&size=100');
          const list = (JSON.parse(feed.text) as { activityList: Array<{ action: string; fileUuid: string }> }).activityList;
          if (list.some((a) => a.action === 'DELETED' && a.fileUuid === victim)) kept[who]!.delete(victim);
        }
      }
    }
    // The last account is deleted; the kill lands while its steps (and the purge jobs before them) run.
    const last = users[users.length - 1]!;
    const del = await answered(last.token, 'DELETE', '/account/delete', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'correct horse 42', confirmation: 'DELETE' }),
    });
    expect([202, 401]).toContain(del.status);
    setTimeout(() => void crash(), 5 + Math.floor(random() * 30));
    await sleep(60);
    await restarts.restarting;
    await srv.kill('SIGTERM');

    // What the kills interrupted is finished in-process on the same data: queued jobs, then the sweep (its period over).
    const after = await startTestApp('sqlite', dbEnv, { dataDir });
    try {
      for (let i = 0; i < 300 && (await after.app.jobs.runDue()) > 0; i++);
      await sweepContent(after.database.db, after.app.blobs, Date.now() + 2 * 3600_000);
      const db = after.database.db;
      const files = await db.selectFrom('file').select(['id', 'account_id', 'sha256', 'blob_key']).where('is_folder', '=', 0).execute();
      const versions = await db.selectFrom('file_version').select(['blob_key']).execute();
      const parts = await db.selectFrom('content_part').select(['composed_key', 'part_key']).execute();

      // Every file row reads its bytes.
      for (const f of files) {
        const { stream } = await after.app.blobs.get(f.blob_key!);
        const hash = createHash('sha256');
        for await (const chunk of stream as Readable) hash.update(chunk as Buffer);
        expect(hash.digest('hex'), `file ${f.id}`).toBe(f.sha256);
      }
      // Every file a surviving account saw complete (and not deleted) is there.
      for (const [i, files_] of kept.slice(0, -1).entries()) {
        for (const [uuid, digest] of files_) {
          const row = files.find((f) => f.id === uuid);
          expect(row, `account ${i} file ${uuid}`).toBeDefined();
          expect(row!.sha256).toBe(digest);
        }
      }
      // The deleted account left nothing.
      expect(files.filter((f) => f.account_id === last.accountId)).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, 'blobs', 'users', last.accountId))).toBe(false);

      // No blob that nothing names: every stored file blob is some row's content.
      const named = new Set([...files.map((f) => f.blob_key!), ...versions.map((v) => v.blob_key)]);
      // Compositions: each named by a row, its parts named through it; none left of a composition nothing names.
      expect(parts.filter((p) => !named.has(p.composed_key))).toEqual([]);
      for (const p of parts) named.add(p.part_key);
      const stored: string[] = [];
      const walk = (dir: string, prefix: string) => {
        if (!fs.existsSync(dir)) return;
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          if (e.isDirectory()) walk(path.join(dir, e.name), `${prefix}${e.name}/`);
          else stored.push(`${prefix}${e.name}`);
        }
      };
      walk(path.join(dataDir, 'blobs', 'users'), 'users/');
      // (An upload left open by a kill keeps its bytes until it resumes or housekeeping aborts it: not shared content.)
      const open = await db.selectFrom('upload').select(['id', 'account_id']).where('status', 'in', ['OPEN', 'COMPLETING']).execute();
      const unfinished = new Set(open.map((u) => `users/${u.account_id}/files/${u.id}`));
      expect(stored.filter((key) => key.includes('/files/') && !named.has(key) && !unfinished.has(key))).toEqual([]);
      // Counts exact after the sweep; nothing half-released.
      const rows = await db.selectFrom('content_blob').selectAll().execute();
      expect(rows.filter((r) => r.state !== 'LIVE')).toEqual([]);
      for (const r of rows) expect(Number(r.refs), r.key).toBe(await countRefs(db, r.key));
      // Bytes shared across accounts are stored once: no two LIVE rows for the same content (rows without a hash are
      // compositions and their own blobs, never shared across accounts).
      const hashed = rows.filter((r) => r.sha256 !== '');
      expect(new Set(hashed.map((r) => `${r.sha256}/${r.bytes}`)).size).toBe(hashed.length);
      // The run composed files (a seed may leave them all to the deleted account: seed 37 did, so none are left here).
      expect(heldRunsTaken, 'held runs taken').toBeGreaterThan(0);
    } finally {
      await after.close();
    }
    expect(srv.starts).toBeGreaterThan(1);
  }, 600_000);
});
