import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, readOutbox, signUp, startTestApp, type TestApp } from '../../../test/harness.js';
import type { PaymentMethodInput } from '../payment.public.js';
import { SANDBOX_CARDS } from './sandbox-provider.js';

// Issue 26: the codes' SMS (3-D Secure, wallet, a resent wallet code) are in the account's language.
describe.each(DIALECTS)('sandbox SMS in the account’s language (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.app.payments.registerPurpose('LANGUAGE_TEST', { onCaptured: async () => undefined });
  });
  afterAll(() => t.close());

  type Who = Awaited<ReturnType<typeof signUp>>;
  const phoneOf = (who: Who) => `+${who.user.countryCode}${who.user.phoneNumber}`;
  const start = (who: Who, method: PaymentMethodInput) =>
    t.app.payments.start({
      accountId: who.accountId,
      purposeKind: 'LANGUAGE_TEST',
      purposeRef: randomUUID(),
      amountMinor: 4999,
      currency: 'TRY',
      description: '100 GB monthly',
      idempotencyKey: randomUUID(),
      method,
      returnUrl: '/main/packages/payment',
    });
  /** The newest SMS to the phone once every queued message has gone. */
  const lastSms = async (who: Who) => {
    for (let i = 0; i < 30 && (await t.app.jobs.runDue()) > 0; i++);
    return readOutbox(t.dataDir).filter((m) => m.to === phoneOf(who)).at(-1)!.text;
  };
  const inLanguage = async (language: string) => {
    const who = await signUp(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/language', headers: authed(who.token), payload: { language } })).statusCode).toBe(200);
    return who;
  };
  const card = { number: SANDBOX_CARDS.threeDSecure, expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Ayşe Yılmaz' };

  it('an Arabic account gets its 3-D Secure, wallet and resent wallet codes in Arabic', async () => {
    const who = await inLanguage('ar');
    await start(who, { type: 'NEW_CARD', card, saveCard: false });
    const threeDs = await lastSms(who);
    expect(threeDs).toMatch(/\p{Script=Arabic}/u);
    expect(threeDs).toMatch(/\b\d{6}\b/);

    const { paycellTrxnId } = await start(who, { type: 'WALLET' });
    const wallet = await lastSms(who);
    expect(wallet).toMatch(/\p{Script=Arabic}/u);
    expect(wallet).not.toMatch(/confirm|onaylay/i);
    // Thirty seconds pass (the provider's clock is the wall clock: its row is aged instead), then a resend.
    await t.database.db.updateTable('sandbox_challenge').set({ expires_at: Date.now() + 60_000 }).where('id', '=', paycellTrxnId!).execute();
    const resend = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/resend', headers: authed(who.token), payload: { paycellTrxnId } });
    expect(resend.statusCode, resend.body).toBe(200);
    const resent = await lastSms(who);
    expect(resent).not.toBe(wallet);
    expect(resent).toMatch(/\p{Script=Arabic}/u);
  });

  it('a Turkish account’s wallet SMS is Turkish only, an English one’s English only', async () => {
    const turkish = await signUp(t);
    await start(turkish, { type: 'WALLET' });
    const tr = await lastSms(turkish);
    expect(tr).toContain('onaylayın');
    expect(tr).not.toMatch(/confirm|payment/i);
    const english = await inLanguage('en');
    await start(english, { type: 'WALLET' });
    const en = await lastSms(english);
    const amount = new Intl.NumberFormat('en', { style: 'currency', currency: 'TRY' }).format(49.99);
    expect(en).toMatch(new RegExp(`^Paycell: confirm your payment of ${amount.replace('.', '\\.')} with the code \\d{6} \\(3 minutes\\)\\.$`));
  });
});
