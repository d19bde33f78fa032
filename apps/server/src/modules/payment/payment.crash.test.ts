import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS, signUp, startTestApp } from '../../test/harness.js';
import { runUntilExit } from '../../test/server-process.js';
import { PurposeRejected, type PaymentEvent, type PaymentView } from './payment.public.js';

// A kill between the provider's capture and our commit (PAYMENT_CRASH_AFTER_PROVIDER=1 SIGKILLs the process right
// there): the money is taken at the provider and our ledger still says PENDING. The reconciliation schedule finds it,
// completes it exactly once (purpose + events), or refunds it when the purpose can no longer take it.


/** The child places its payment with PAYMENT_CRASH_AFTER_PROVIDER=1, so it dies right after the provider captured. */
const payAndDie = (env: Record<string, string>) => runUntilExit('src/test/children/payment-crash.child.ts', { PAYMENT_CRASH_AFTER_PROVIDER: '1', ...env });

describe.each(DIALECTS)('payment killed between capture and commit (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-paycrash-'));
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  afterAll(async () => {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reconciliation completes the lost capture once, and refunds one whose purpose was cancelled meanwhile', async () => {
    pg = dialect === 'postgres' ? await createPgDatabase() : null;
    const opts = { dataDir, databaseUrl: pg?.url };
    const setup = await startTestApp(dialect, {}, opts);
    const { accountId } = await signUp(setup);
    await setup.close();

    const kept = { ref: randomUUID(), key: randomUUID() };
    const cancelled = { ref: randomUUID(), key: randomUUID() };
    for (const p of [kept, cancelled]) {
      const run = await payAndDie({
        DATA_DIR: dataDir,
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        CRASH_ACCOUNT_ID: accountId,
        CRASH_PURPOSE_REF: p.ref,
        CRASH_IDEMPOTENCY_KEY: p.key,
      });
      expect(run.signal, run.stderr).toBe('SIGKILL');
    }

    const t = await startTestApp(dialect, {}, opts);
    try {
      const applied: PaymentView[] = [];
      const events: PaymentEvent[] = [];
      t.app.payments.registerPurpose('CRASH_TEST', {
        onCaptured: async (_trx, p) => {
          if (p.purposeRef === cancelled.ref) throw new PurposeRejected('order cancelled while the payment was lost');
          applied.push(p);
        },
      });
      t.app.payments.onEvent(async (_trx, e) => {
        events.push(e);
      });
      const db = t.database.db;
      const rows = await db.selectFrom('payment').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
      expect(rows.map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
      const charges = await db.selectFrom('sandbox_charge').selectAll().where('merchant_ref', 'in', rows.map((r) => r.id)).execute();
      expect(charges.map((c) => c.status)).toEqual(['CAPTURED', 'CAPTURED']);

      // Younger than two minutes: maybe still in flight, left alone.
      expect(await t.app.payments.reconcile()).toEqual({ payments: 0, refunds: 0 });
      await db.updateTable('payment').set({ created_at: Date.now() - 3 * 60_000 }).where('account_id', '=', accountId).execute();
      await t.app.payments.reconcile();
      await t.app.payments.reconcile();

      const byRef = async (ref: string) => db.selectFrom('payment').selectAll().where('purpose_ref', '=', ref).executeTakeFirstOrThrow();
      const k = await byRef(kept.ref);
      expect(k).toMatchObject({ status: 'CAPTURED', provider_ref: charges.find((c) => c.merchant_ref === k.id)!.id });
      expect(applied.map((p) => p.id)).toEqual([k.id]);
      const c = await byRef(cancelled.ref);
      expect(c.status).toBe('REFUNDED');
      expect(Number(c.refunded_minor)).toBe(4999);
      const refunded = await db.selectFrom('sandbox_charge').select('refunded_minor').where('merchant_ref', '=', c.id).executeTakeFirstOrThrow();
      expect(Number(refunded.refunded_minor)).toBe(4999);
      expect(events.map((e) => `${e.type}:${e.payment.purposeRef}`).sort()).toEqual(
        [`CAPTURED:${kept.ref}`, `CAPTURED:${cancelled.ref}`, `REFUNDED:${cancelled.ref}`].sort(),
      );
      // The same idempotency key again answers the completed payment and charges nothing more.
      const again = await t.app.payments.start({
        accountId,
        purposeKind: 'CRASH_TEST',
        purposeRef: kept.ref,
        amountMinor: 4999,
        currency: 'TRY',
        description: '100 GB monthly',
        idempotencyKey: kept.key,
        method: { type: 'NEW_CARD', card: { number: '4242424242424242', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', holderName: 'Crash Test' }, saveCard: false },
        returnUrl: '/main/packages/payment',
      });
      expect(again.payment).toMatchObject({ id: k.id, status: 'CAPTURED' });
      expect(await db.selectFrom('sandbox_charge').select('id').where('merchant_ref', '=', k.id).execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
