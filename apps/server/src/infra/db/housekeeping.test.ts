import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { purgeExpired } from './housekeeping.js';

describe.each(DIALECTS)('housekeeping (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('removes long-expired sessions and finished sign-ups but keeps live ones and accounts', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const db = t.database.db;
    await db.updateTable('session').set({ expires_at: 1 }).where('account_id', '=', a.accountId).execute();
    await db.updateTable('signup_request').set({ created_at: 1 }).execute();
    const deleted = await purgeExpired(db);
    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    expect(deleted.signups).toBeGreaterThanOrEqual(2);
    expect(await db.selectFrom('session').where('account_id', '=', a.accountId).selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom('session').where('account_id', '=', b.accountId).selectAll().execute()).toHaveLength(1);
    const res = await t.app.inject({ url: '/api/account/info', headers: { 'x-auth-token': b.token } });
    expect(res.statusCode).toBe(200);
    expect(await db.selectFrom('account').select('id').execute()).toHaveLength(2);
  });
});
