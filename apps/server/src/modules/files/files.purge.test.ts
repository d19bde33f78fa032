import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile } from './files.fixtures.js';
import { queryPlans } from '../../test/query-plan.js';
import { sharedKeysUnderPrefix } from './files.purge-account.js';
import * as repo from './files.repository.js';

describe.each(DIALECTS)('blob purge (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const exists = async (key: string) => (await t.app.blobs.stat(key)) !== null;
  const deleteForever = async (token: string, id: string) => {
    const h = authed(token);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: h, payload: [id] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash/forever', headers: h, payload: [id] })).statusCode).toBe(200);
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
  };

  it('deletes a blob only once no row, of any account, names it any more', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { id, blobKey } = await addFile(t, a.accountId, 'shared.bin', { content: Buffer.from('one blob, two rows') });
    // A copy in another account naming the same blob (as a save from a public link makes it).
    const original = await t.database.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const copy = randomUUID();
    await repo.insert(t.database.db, { ...original, id: copy, account_id: b.accountId });

    await deleteForever(a.token, id);
    expect(await exists(blobKey)).toBe(true);
    await deleteForever(b.token, copy);
    expect(await exists(blobKey)).toBe(false);
  });

  it("account deletion finds another account's rows naming its keys through index ranges, not table scans", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { id, blobKey } = await addFile(t, a.accountId, 'kept.bin', { content: Buffer.from('named by two accounts') });
    await addFile(t, a.accountId, 'own.bin', { content: Buffer.from('named by its owner only') });
    const original = await t.database.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await repo.insert(t.database.db, { ...original, id: randomUUID(), account_id: b.accountId });
    expect(await sharedKeysUnderPrefix(t.database.db, a.accountId)).toEqual([blobKey]);
    expect(await sharedKeysUnderPrefix(t.database.db, b.accountId)).toEqual([]);

    // On PostgreSQL a key range can use its index only under the "C" collation (migration
    // 2026-12-15T0300_blob_key_bytes): with sequential scans priced out, any query still scanning is one that cannot.
    const plans = await t.database.db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      return queryPlans(trx, dialect, (db) => sharedKeysUnderPrefix(db, a.accountId));
    });
    expect(plans).toHaveLength(7);
    if (dialect === 'postgres') {
      const columns = await sql<{ table_name: string; column_name: string; collation_name: string | null }>`
        select table_name, column_name, collation_name from information_schema.columns
        where (table_name, column_name) in (('file', 'blob_key'), ('file', 'thumb_key'), ('file', 'small_thumb_key'), ('file', 'preview_key'),
          ('file_version', 'blob_key'), ('content_part', 'part_key'), ('content_blob', 'key'))`.execute(t.database.db);
      expect(columns.rows).toHaveLength(7);
      for (const c of columns.rows) expect(c.collation_name, `${c.table_name}.${c.column_name}`).toBe('C');
    }
    for (const plan of plans) {
      if (dialect === 'sqlite') {
        expect(plan).toMatch(/USING (COVERING )?INDEX \w+ \(\w+>\? AND \w+<\?\)|USING INDEX sqlite_autoindex_content_blob_1 \(key>\? AND key<\?\)/);
        expect(plan).not.toMatch(/\bSCAN\b/);
      } else {
        expect(plan).toMatch(/Index/);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    }
  });
});
