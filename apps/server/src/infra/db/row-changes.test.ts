import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startPgPair, startTestApp, type TestApp } from '../../test/harness.js';
import { ALL_ROWS } from './row-changes.js';

/** Collects what `t`'s feed announces until `off`. */
function heardBy(t: TestApp) {
  const heard: string[][] = [];
  const off = t.database.rowChanges.subscribe((keys) => heard.push([...keys]));
  return { heard, off };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe.each(DIALECTS)('row changes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('announces session and account writes by the ids they name: at the commit, never on rollback, at once outside a transaction', async () => {
    const u = await signUp(t);
    const db = t.database.db;
    const { heard, off } = heardBy(t);
    try {
      await db.updateTable('account').set({ used_bytes: 1 }).where('id', '=', u.accountId).execute();
      expect(heard).toEqual([[u.accountId]]);
      heard.length = 0;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('session').set({ last_seen_at: 1 }).where('account_id', '=', u.accountId).execute();
        await trx.updateTable('account').set({ used_bytes: 2 }).where('id', '=', u.accountId).execute();
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([[u.accountId]]);
      heard.length = 0;
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('account').set({ used_bytes: 3 }).where('id', '=', u.accountId).execute();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(heard).toEqual([]);
      // Reads, inserts and other tables are not announced; a write naming its rows by no string is "all rows".
      await db.selectFrom('account').select('id').where('id', '=', u.accountId).execute();
      await db.updateTable('remember_me_token').set({ revoked_at: 1 }).where('account_id', '=', u.accountId).execute();
      expect(heard).toEqual([]);
      await db.updateTable('session').set({ last_seen_at: 2 }).where('expires_at', '<', 0).execute();
      expect(heard).toEqual([[ALL_ROWS]]);
    } finally {
      off();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('row changes between two instances (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await startPgPair());
  });
  afterAll(async () => {
    await close?.();
  });

  it('the other instance hears a commit, not a rollback; an instance does not hear its own change twice', async () => {
    const u = await signUp(a);
    const onA = heardBy(a);
    const onB = heardBy(b);
    try {
      await a.database.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('account').set({ used_bytes: 5 }).where('id', '=', u.accountId).execute();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await a.database.db.transaction().execute((trx) => trx.updateTable('session').set({ last_seen_at: 3 }).where('account_id', '=', u.accountId).execute());
      expect(await waitFor(() => onB.heard.length > 0)).toBe(true);
      expect(onB.heard).toEqual([[u.accountId]]);
      // B heard the commit, so A's own NOTIFY has been delivered too: A heard its change once, at the commit.
      await new Promise((r) => setTimeout(r, 50));
      expect(onA.heard).toEqual([[u.accountId]]);
      expect(a.database.rowChanges.complete() && b.database.rowChanges.complete()).toBe(true);
    } finally {
      onA.off();
      onB.off();
    }
  });
});
