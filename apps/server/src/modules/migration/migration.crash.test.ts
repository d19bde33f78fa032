import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS, signUp, startTestApp } from '../../test/harness.js';
import { ServerProcess, serverEnv, sleep } from '../../test/server-process.js';
import { DropboxFakeServer } from './dropbox-fake-server.js';
import { consent, freePortInRange, importFolders, storedTree } from './migration.fixtures.js';

// The real server as a child process, SIGKILLed while the import job streams a file (its download hangs half-way),
// then started again on the same data directory and database: the job resumes from its saved cursor, and every
// Dropbox file is there once, byte for byte, with the quota counting each once.

const FILES = 24;

describe.each(DIALECTS)('Dropbox import killed mid-job (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-dropbox-crash-'));
  const fake = new DropboxFakeServer();
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    await fake.stop();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes after SIGKILL with no duplicate and no loss', async () => {
    await fake.start(await freePortInRange(19760, 19799));
    fake.pageSize = 4;
    const want = new Map<string, Buffer>();
    for (let i = 0; i < FILES; i++) {
      const bytes = randomBytes(30_000 + i);
      fake.putFile(`/Set ${i % 3}/f-${String(i).padStart(2, '0')}.bin`, bytes);
      want.set(`Set ${i % 3}/f-${String(i).padStart(2, '0')}.bin`, bytes);
    }
    // A file in the middle of the listing hangs half-way through its body: the server is killed while streaming it.
    const stallAt = '/set 1/f-13.bin';
    fake.stallAfterHalf.add(stallAt);
    let reached!: () => void;
    const stalled = new Promise<void>((resolve) => (reached = resolve));
    fake.beforeDownload = (p) => (p === stallAt ? reached() : undefined);

    pg = dialect === 'postgres' ? await createPgDatabase() : null;
    const dbEnv: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {};
    const setup = await startTestApp('sqlite', dbEnv, { dataDir });
    const { token, accountId } = await signUp(setup);
    await setup.close();

    const port = await freePortInRange(19720, 19759);
    server = new ServerProcess(serverEnv(dataDir, port, { ...dbEnv, ...fake.env(), JOB_POLL_MS: '50' }));
    const srv = server;
    await srv.start();
    const api = async (method: string, url: string, body?: object) => {
      const res = await fetch(`${srv.base}/api${url}`, {
        method,
        headers: { 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: await res.json() };
    };

    const { json: start } = await api('GET', '/migration/dropbox/authorizeUrl');
    const back = await consent(start.url);
    expect((await api('POST', '/migration/dropbox/connect/v2', { code: back.code, state: back.state })).status).toBe(200);
    expect((await api('POST', '/migration/dropbox/start')).status).toBe(200);

    await stalled;
    const mid = (await api('GET', '/migration/dropbox/status')).json;
    expect(mid.import.status).toBe('RUNNING');
    expect(mid.import.filesDone).toBeGreaterThan(0);
    expect(mid.import.filesDone).toBeLessThan(FILES);
    await srv.kill();

    fake.stallAfterHalf.clear();
    const downloadsBefore = fake.calls.filter((c) => c.startsWith('files/download')).length;
    await srv.start();
    let final: { import: { status: string; filesDone: number; filesTotal: number; filesFailed: number; bytesDone: number } } | null = null;
    for (let i = 0; i < 1200 && final?.import.status !== 'DONE'; i++) {
      await sleep(100);
      final = (await api('GET', '/migration/dropbox/status')).json;
    }
    expect(final?.import).toMatchObject({ status: 'DONE', filesDone: FILES, filesTotal: FILES, filesFailed: 0 });
    // The restart went on from the saved page: it did not fetch everything again.
    const downloadsAfter = fake.calls.filter((c) => c.startsWith('files/download')).length - downloadsBefore;
    expect(downloadsAfter).toBeLessThan(FILES - mid.import.filesDone + 4);
    await srv.kill();

    const check = await startTestApp('sqlite', dbEnv, { dataDir });
    try {
      const folders = await importFolders(check.database.db, accountId);
      expect(folders.map((f) => f.name)).toEqual(['Dropbox']);
      const stored = await storedTree(check.database.db, check.app.blobs, accountId, folders[0]!.id);
      expect([...stored.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [p, bytes] of want) expect(stored.get(p)?.equals(bytes), p).toBe(true);
      const total = [...want.values()].reduce((n, b) => n + b.length, 0);
      expect(final!.import.bytesDone).toBe(total);
      const account = await check.database.db.selectFrom('account').select(['used_bytes', 'reserved_bytes']).where('id', '=', accountId).executeTakeFirstOrThrow();
      expect(Number(account.used_bytes)).toBe(total);
      expect(Number(account.reserved_bytes)).toBe(0);
      const open = await check.database.db.selectFrom('upload').select('id').where('account_id', '=', accountId).where('status', 'in', ['OPEN', 'COMPLETING']).execute();
      expect(open).toEqual([]);
      const notices = await check.database.db.selectFrom('notification').select('type').where('account_id', '=', accountId).where('type', '=', 'DROPBOX_IMPORT_DONE').execute();
      expect(notices).toHaveLength(1);
    } finally {
      await check.close();
    }
  }, 300_000);
});
