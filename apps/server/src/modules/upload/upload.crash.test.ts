import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../infra/db/database.js';
import { DiskBlobStore } from '../../infra/blob-store/disk-blob-store.js';
import { sweepTemp } from '../../infra/blob-store/temp-sweep.js';
import { createPgDatabase, DIALECTS, signUp, startTestApp } from '../../test/harness.js';
import { freePort, mulberry32, ServerProcess, serverEnv, sleep } from '../../test/server-process.js';

// The real server as a child process, killed with SIGKILL at seeded random moments while a client uploads (whole and
// in pieces) and resumes the way the web client does; then every upload the client saw complete must be there.

const UPLOADS = Number(process.env.CRASH_UPLOADS ?? 20);
const KILLS = Number(process.env.CRASH_KILLS ?? Math.max(3, Math.round(UPLOADS / 5)));
const SEED = Number(process.env.CRASH_SEED ?? 18);
const PIECE = 64 * 1024;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(DIALECTS)('crash while uploading (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-crash-'));
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${UPLOADS} uploads, ${KILLS} SIGKILLs at random points: what the client saw complete is there, byte-identical; quota exact; no temp file`, async () => {
    const random = mulberry32(SEED);
    pg = dialect === 'postgres' ? await createPgDatabase() : null;
    const dbEnv: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {};
    // The account is made in-process on the same data directory and database (sign-up reads its code from the outbox).
    const setup = await startTestApp('sqlite', dbEnv, { dataDir });
    const { token, accountId } = await signUp(setup);
    await setup.close();

    const port = await freePort();
    server = new ServerProcess(serverEnv(dataDir, port, dbEnv));
    const srv = server;
    await srv.start();
    const url = (uuid: string) => `${srv.base}/api/upload/${uuid}`;

    // Kills land on seeded request numbers, a seeded few milliseconds after the request went out.
    let requests = 0;
    const killAt = new Set<number>();
    const estimate = UPLOADS * 4;
    while (killAt.size < KILLS) killAt.add(1 + Math.floor(random() * estimate));
    let restarting: Promise<void> | null = null;
    const crash = () => {
      restarting ??= (async () => {
        await srv.kill();
        await srv.start();
      })().finally(() => (restarting = null));
      return restarting;
    };
    async function send(init: { method: string; uuid: string; headers?: Record<string, string>; body?: Buffer }): Promise<Response | null> {
      requests++;
      const kill = killAt.has(requests);
      if (kill && init.body && init.body.length > 1) return killDuringPut(init as Required<typeof init>);
      if (kill) setTimeout(() => void crash(), Math.floor(random() * 15));
      try {
        return await fetch(url(init.uuid), { method: init.method, headers: { 'x-auth-token': token, ...init.headers }, body: init.body ? new Uint8Array(init.body) : undefined });
      } catch {
        // The server went away mid-request: wait for it to be back, as a client retries after a pause.
        if (restarting) await restarting;
        else await sleep(50);
        return null;
      }
    }

    /**
     * A PUT the server is killed under: half-way through its body (the whole-file PUT cut in the middle), or a seeded
     * few milliseconds after its last byte (recording the final piece, assembling, committing, answering).
     */
    async function killDuringPut(init: { method: string; uuid: string; headers: Record<string, string>; body: Buffer }): Promise<Response | null> {
      const midBody = random() < 0.5;
      const afterMs = Math.floor(random() * 10);
      return new Promise((resolve) => {
        const req = http.request(url(init.uuid), {
          method: init.method,
          headers: { 'x-auth-token': token, ...init.headers, 'content-length': String(init.body.length) },
        });
        let text = '';
        req.on('response', (res) => {
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve(new Response(text, { status: res.statusCode!, headers: res.headers as Record<string, string> })));
          res.on('error', () => void (restarting ?? Promise.resolve()).then(() => resolve(null)));
        });
        req.on('error', () => void (restarting ?? Promise.resolve()).then(() => resolve(null)));
        if (midBody) {
          req.write(init.body.subarray(0, init.body.length >> 1));
          setTimeout(() => void crash(), 20 + afterMs);
        } else {
          req.end(init.body);
          setTimeout(() => void crash(), afterMs);
        }
      });
    }

    const seenComplete = new Map<string, string>();
    for (let n = 0; n < UPLOADS; n++) {
      const uuid = randomUUID();
      const size = 1 + Math.floor(random() * 400_000);
      const body = Buffer.from(Array.from({ length: size }, () => Math.floor(random() * 256)));
      const inPieces = random() < 0.5;
      const headers = { 'content-type': 'application/octet-stream', 'x-object-meta-file-name': `f${n}.bin` };
      let offset = 0;
      let known = false;
      for (let step = 0; step < 500 && !seenComplete.has(uuid); step++) {
        if (known) {
          const head = await send({ method: 'HEAD', uuid });
          if (!head) continue;
          if (head.status === 202) {
            // Every byte is there, not yet committed: wait as the server asks (Retry-After), as a client does. An upload
            // whose assembler was killed is finished by the assembly job after its grace (30 s); polling every 50 ms,
            // the 500 steps could run out before that on a quick enough machine ("never completed").
            await sleep(1000 * Number(head.headers.get('retry-after') ?? 1));
            continue;
          }
          offset = head.status === 200 ? Number(head.headers.get('upload-offset')) : 0;
          if (head.status === 200 && offset === size) {
            seenComplete.set(uuid, sha(body));
            break;
          }
        }
        known = true;
        const end = inPieces ? Math.min(size, offset + PIECE) : size;
        const res = await send({
          method: 'PUT',
          uuid,
          headers: inPieces ? { ...headers, 'content-range': `bytes ${offset}-${end - 1}/${size}` } : headers,
          body: inPieces ? body.subarray(offset, end) : body,
        });
        if (!res) continue;
        const text = await res.text();
        if (res.status === 201) seenComplete.set(uuid, sha(body));
        else if (res.status === 202) {
          offset = end;
          known = false;
        } else if (res.status === 409 || res.status === 400 || res.status === 404) {
          // Offset mismatch, still assembling, or a body the server saw cut: ask HEAD where to go on.
          if (res.status === 409 && text.includes('UPLOAD_COMPLETE"')) throw new Error(`told complete without a file: ${text}`);
        } else throw new Error(`unexpected ${res.status} ${text}`);
      }
      expect(seenComplete.has(uuid), `upload ${n} never completed`).toBe(true);
    }
    await restarting;
    await srv.kill('SIGTERM');

    // Checked with the server stopped, straight from its database and blob directory.
    const database = createDatabase({ databaseUrl: pg?.url ?? null, sqliteFile: path.join(dataDir, 'bulut.sqlite'), poolSize: 2 });
    try {
      const db = database.db;
      const files = await db.selectFrom('file').select(['id', 'bytes', 'sha256', 'blob_key']).where('account_id', '=', accountId).where('is_folder', '=', 0).execute();
      const blobs = new DiskBlobStore(path.join(dataDir, 'blobs'));
      for (const [uuid, digest] of seenComplete) {
        const row = files.find((f) => f.id === uuid);
        expect(row, `file ${uuid} the client saw complete`).toBeDefined();
        const { stream } = await blobs.get(row!.blob_key!);
        const hash = createHash('sha256');
        for await (const chunk of stream as Readable) hash.update(chunk as Buffer);
        expect(hash.digest('hex')).toBe(digest);
        expect(row!.sha256).toBe(digest);
      }
      // No partial file visible: every file row is an upload the client finished.
      expect(files.map((f) => f.id).sort()).toEqual([...seenComplete.keys()].sort());
      const account = await db.selectFrom('account').select(['used_bytes', 'reserved_bytes']).where('id', '=', accountId).executeTakeFirstOrThrow();
      const live = await db
        .selectFrom('upload')
        .select(['id', 'total_bytes', 'reserved'])
        .where('account_id', '=', accountId)
        .where('status', 'in', ['OPEN', 'COMPLETING'])
        .execute();
      expect(Number(account.used_bytes)).toBe(files.reduce((sum, f) => sum + Number(f.bytes), 0));
      expect(Number(account.reserved_bytes)).toBe(live.filter((u) => Number(u.reserved) === 1).reduce((sum, u) => sum + Number(u.total_bytes), 0));
      // Pieces written in place are kept only while their upload is unfinished: completion renames them, abort removes them.
      const piecesDir = path.join(dataDir, 'blobs', '.pieces');
      const pieceFiles = fs.existsSync(piecesDir) ? fs.readdirSync(piecesDir) : [];
      expect(pieceFiles.filter((name) => !live.some((u) => name.includes(u.id)))).toEqual([]);
      // Temp files a kill left are swept (at any age here; the server's own sweep waits 15 minutes).
      await sweepTemp(blobs, { olderThanMs: -1, osTempDir: path.join(dataDir, 'no-os-temp') });
      expect(fs.readdirSync(path.join(dataDir, 'blobs', '.tmp'))).toEqual([]);
    } finally {
      await database.destroy();
    }
    expect(srv.starts).toBeGreaterThan(1);
  }, 600_000);
});
