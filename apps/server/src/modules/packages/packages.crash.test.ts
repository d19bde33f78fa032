import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authed, createPgDatabase, DIALECTS, signUp, startTestApp } from '../../test/harness.js';
import { runUntilExit } from '../../test/server-process.js';

// A package order whose process is killed between the provider's capture and our commit: the money is taken, the
// order is PENDING and the quota unchanged. The payment module's reconciliation completes the payment, and the
// PACKAGE_ORDER purpose then applies the order exactly once (subscription, quota, authority), as a live capture would.

const GIB = 1024 ** 3;

/** The child places its payment with PAYMENT_CRASH_AFTER_PROVIDER=1, so it dies right after the provider captured. */
const orderAndDie = (env: Record<string, string>) => runUntilExit('src/test/children/packages-crash.child.ts', { PAYMENT_CRASH_AFTER_PROVIDER: '1', ...env });

describe.each(DIALECTS)('package order killed between capture and commit (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-pkgcrash-'));
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  afterAll(async () => {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reconciliation completes the order once: the quota grows, and the same checkout again charges nothing more', async () => {
    pg = dialect === 'postgres' ? await createPgDatabase() : null;
    const opts = { dataDir, databaseUrl: pg?.url };
    const setup = await startTestApp(dialect, {}, opts);
    const me = await signUp(setup);
    const pkg = await setup.database.db.selectFrom('package').select('id').where('code', '=', 'STORAGE_100GB_MONTHLY').executeTakeFirstOrThrow();
    await setup.close();

    const key = randomUUID();
    const run = await orderAndDie({
      DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      CRASH_TOKEN: me.token,
      CRASH_PACKAGE_ID: pkg.id,
      CRASH_IDEMPOTENCY_KEY: key,
    });
    expect(run.signal, run.stderr).toBe('SIGKILL');

    const t = await startTestApp(dialect, {}, opts);
    try {
      const db = t.database.db;
      const subscription = async () => (await t.app.inject({ method: 'GET', url: '/api/packages/subscription', headers: authed(me.token) })).json();
      const [order] = await db.selectFrom('package_order').selectAll().where('account_id', '=', me.accountId).execute();
      expect(order).toMatchObject({ status: 'PENDING', kind: 'PURCHASE', amount_minor: 3999 });
      expect(await subscription()).toMatchObject({ status: 'NONE', quotaBytes: 5 * GIB });

      await db.updateTable('payment').set({ created_at: Date.now() - 3 * 60_000 }).where('account_id', '=', me.accountId).execute();
      await t.app.payments.reconcile();
      await t.app.payments.reconcile();

      expect(await db.selectFrom('package_order').select(['status', 'payment_id']).where('id', '=', order!.id).executeTakeFirstOrThrow()).toMatchObject({
        status: 'COMPLETED',
        payment_id: expect.any(String),
      });
      expect(await subscription()).toMatchObject({ status: 'ACTIVE', package: { code: 'STORAGE_100GB_MONTHLY' }, quotaBytes: 100 * GIB });

      // The browser retries the checkout it never got an answer for: the same order, no second charge.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/packages/orders',
        headers: authed(me.token),
        payload: {
          packageId: pkg.id,
          idempotencyKey: key,
          payment: { type: 'NEW_CARD', card: { number: '4242424242424242', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', holderName: 'Crash Test' }, saveCard: false },
        },
      });
      expect(again.json()).toMatchObject({ orderId: order!.id, status: 'COMPLETED', payment: { status: 'CAPTURED' } });
      expect(await db.selectFrom('payment').select('id').where('account_id', '=', me.accountId).execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
