import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile } from './files.fixtures.js';
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
});
