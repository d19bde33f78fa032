import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createPgDatabase, DIALECTS, signUp, startTestApp, type TestApp } from './harness.js';
import { nameKey } from '../shared/names.js';
import { uploadApi } from '../modules/upload/upload.fixtures.js';
import type { FileItemDto } from '../modules/files/files.schemas.js';
import type { NewFile } from '../modules/files/files.table.js';

const ORIGINAL = 600;
const ADDED = 30;
const SIZE = 50;
const LIMIT = 120;

// Two server instances on one database (one PostgreSQL database, or one SQLite file), as behind a load balancer.
describe.each(DIALECTS)('two instances on one database (%s)', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    if (dialect === 'postgres') {
      const shared = await createPgDatabase();
      a = await startTestApp(dialect, env, { databaseUrl: shared.url });
      b = await startTestApp(dialect, env, { databaseUrl: shared.url });
      cleanup = () => shared.drop();
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-two-'));
      a = await startTestApp(dialect, env, { dataDir });
      b = await startTestApp(dialect, env, { dataDir });
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cleanup?.();
  });

  /** 600 files named f0000, f0002 … f1198 in a new folder, so added odd-numbered names fall between them. */
  async function folderOf600(accountId: string): Promise<{ folderId: string; original: string[] }> {
    const folderId = randomUUID();
    const row = (name: string, o: Partial<NewFile> = {}): NewFile => ({
      id: randomUUID(),
      account_id: accountId,
      parent_id: folderId,
      name,
      name_key: nameKey(name),
      is_folder: 0,
      bytes: 10,
      content_type: 'application/octet-stream',
      favourite: 0,
      hidden: 0,
      status: 'ACTIVE',
      device_type: 'WEB',
      created_at: 1,
      last_modified_at: 1,
      ...o,
    });
    const rows = Array.from({ length: ORIGINAL }, (_, i) => row(`f${String(i * 2).padStart(4, '0')}`));
    await a.database.db.insertInto('file').values(row('Scroll', { id: folderId, parent_id: '', is_folder: 1 })).execute();
    for (let i = 0; i < rows.length; i += 200) await a.database.db.insertInto('file').values(rows.slice(i, i + 200)).execute();
    return { folderId, original: rows.map((r) => r.id) };
  }

  it.each([1, 2])(
    'an infinite scroll on %i instance(s) while 30 files are added serves every original file exactly once',
    async (instances) => {
      const { token, accountId } = await signUp(a);
      const { folderId, original } = await folderOf600(accountId);
      const served = new Map<string, number>();
      // Added names spread over the whole listing: before, inside and after the pages already served.
      const added = Array.from({ length: ADDED }, (_, i) => `f${String(((i * 397) % ORIGINAL) * 2 + 1).padStart(4, '0')}`);
      let page = 0;
      for (let more = true; more; page++) {
        const t = instances === 2 && page % 2 === 1 ? b : a;
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/filesystem?parentFolderUuid=${folderId}&sortBy=name&sortOrder=ASC&page=${page}&size=${SIZE}`,
          headers: authed(token),
        });
        expect(res.statusCode).toBe(200);
        const body = res.json() as { fileList: FileItemDto[]; hasMore: boolean };
        for (const item of body.fileList) served.set(item.uuid, (served.get(item.uuid) ?? 0) + 1);
        more = body.hasMore;
        // Three new files between pages, uploaded through either instance.
        for (const name of added.splice(0, 3)) {
          const via = instances === 2 && added.length % 2 === 0 ? b : a;
          const up = await uploadApi(via, token).whole(name, randomBytes(10), { parent: folderId });
          expect(up.statusCode).toBeLessThan(300);
        }
      }
      const twice = [...served.values()].filter((n) => n > 1).length;
      const missing = original.filter((id) => !served.has(id)).length;
      expect({ twice, missing }).toEqual({ twice: 0, missing: 0 });
      expect(original.every((id) => served.get(id) === 1)).toBe(true);
      expect(added).toEqual([]);
    },
    120_000,
  );

  it(`lets ${LIMIT} requests a minute through for one account across both instances, not ${LIMIT} each`, async () => {
    const { token } = await signUp(a);
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) {
      const t = i % 2 === 0 ? a : b;
      const res = await t.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(token) });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
    // The first LIMIT pass, whichever instance answered; everything after is refused.
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
  });

  it('runs a job enqueued once exactly once, whichever instance claims it', async () => {
    const runs = new Map<number, number>();
    for (const t of [a, b]) {
      t.app.jobs.register('two-instances.count', async (p) => {
        const n = (p as { n: number }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      });
    }
    const total = 40;
    for (let n = 0; n < total; n++) await a.app.jobs.enqueue(a.database.db, 'two-instances.count', { n });
    const drain = async (t: TestApp) => {
      while ((await t.app.jobs.runDue()) > 0);
    };
    await Promise.all([drain(a), drain(b)]);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
  });
});
