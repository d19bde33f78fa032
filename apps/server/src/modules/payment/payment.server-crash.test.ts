import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authed, createPgDatabase, DIALECTS, signUp, startTestApp } from '../../test/harness.js';
import { freePort, ServerProcess, serverEnv } from '../../test/server-process.js';
import { SANDBOX_CARDS } from './sandbox/sandbox-provider.js';

// The real server (src/main.ts) with PAYMENT_CRASH_AFTER_PROVIDER=1 takes a package order over HTTP and is SIGKILLed
// right after the sandbox captured the card, before our commit: the order, the payment and the plan are all still
// pending while the money is taken. Reconciliation completes it once: the payment is captured, the order completed,
// the quota grown; the same checkout key afterwards answers that order without a second charge.

describe.each(DIALECTS)('package order killed between capture and commit (%s)', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-paykill-'));
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the real server dies mid-order; the restarted side reconciles the capture into the plan once', async () => {
    pg = dialect === 'postgres' ? await createPgDatabase() : null;
    const opts = { dataDir, databaseUrl: pg?.url };
    const setup = await startTestApp(dialect, {}, opts);
    const me = await signUp(setup);
    const catalogue = (await setup.app.inject({ method: 'GET', url: '/api/packages', headers: authed(me.token) })).json();
    const pack = (catalogue.packages as Array<{ id: string; code: string; storageBytes: number; priceMinor: number }>).find((p) => p.code === 'STORAGE_100GB_MONTHLY')!;
    const quotaBefore = (await setup.app.inject({ method: 'GET', url: '/api/packages/subscription', headers: authed(me.token) })).json().quotaBytes as number;
    await setup.close();

    const srv = (server = new ServerProcess(serverEnv(dataDir, await freePort(), { ...(pg ? { DATABASE_URL: pg.url } : {}), PAYMENT_CRASH_AFTER_PROVIDER: '1' })));
    await srv.start();
    const exited = new Promise<NodeJS.Signals | null>((resolve) => srv.child!.once('exit', (_code, signal) => resolve(signal)));
    const key = randomUUID();
    const body = {
      packageId: pack.id,
      idempotencyKey: key,
      payment: { type: 'NEW_CARD', card: { number: SANDBOX_CARDS.success, expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', holderName: 'Ayşe Yılmaz' }, saveCard: false },
    };
    const answer = await fetch(`${srv.base}/api/packages/orders`, {
      method: 'POST',
      headers: { ...authed(me.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(
      (r) => r.status,
      () => 'connection lost',
    );
    expect(answer).toBe('connection lost');
    expect(await exited).toBe('SIGKILL');

    const t = await startTestApp(dialect, {}, opts);
    try {
      const db = t.database.db;
      const payment = await db.selectFrom('payment').selectAll().where('account_id', '=', me.accountId).executeTakeFirstOrThrow();
      expect(payment.status).toBe('PENDING');
      const charge = await db.selectFrom('sandbox_charge').selectAll().where('merchant_ref', '=', payment.id).executeTakeFirstOrThrow();
      expect(charge.status).toBe('CAPTURED');
      const sub = () => t.app.inject({ method: 'GET', url: '/api/packages/subscription', headers: authed(me.token) }).then((r) => r.json());
      expect((await sub()).quotaBytes).toBe(quotaBefore);

      await db.updateTable('payment').set({ created_at: Date.now() - 3 * 60_000 }).where('id', '=', payment.id).execute();
      await t.app.payments.reconcile();
      await t.app.payments.reconcile();
      expect((await t.app.payments.get(me.accountId, payment.id)).status).toBe('CAPTURED');
      expect(await sub()).toMatchObject({ status: 'ACTIVE', package: { code: 'STORAGE_100GB_MONTHLY' }, quotaBytes: pack.storageBytes });

      const again = await t.app.inject({ method: 'POST', url: '/api/packages/orders', headers: authed(me.token), payload: body });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'COMPLETED', payment: { id: payment.id, status: 'CAPTURED', amountMinor: pack.priceMinor } });
      expect(await db.selectFrom('sandbox_charge').select('id').where('merchant', '=', 'bulut').where('merchant_ref', '=', payment.id).execute()).toHaveLength(1);
      expect(await db.selectFrom('payment').select('id').where('account_id', '=', me.accountId).execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
