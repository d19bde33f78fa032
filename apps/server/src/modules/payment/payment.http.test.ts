import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import type { PaymentView } from './payment.public.js';
import { SANDBOX_CARDS } from './sandbox/sandbox-provider.js';

// The 3-D Secure round trip over real HTTP, as a browser and the provider do it against a listening server: the page,
// the form post, the provider's signed callback to our own address, the redirect back with the payment id, the poll.

describe.each(DIALECTS)('3-D Secure over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  const captured: PaymentView[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.app.payments.registerPurpose('TEST', {
      onCaptured: async (_trx, p) => {
        captured.push(p);
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('page → code → callback over HTTP → redirect → the poll sees CAPTURED', async () => {
    const { accountId, token } = await signUp(t);
    const { payment, actionUrl } = await t.app.payments.start({
      accountId,
      purposeKind: 'TEST',
      purposeRef: randomUUID(),
      amountMinor: 12_900,
      currency: 'TRY',
      description: '500 GB yearly',
      idempotencyKey: randomUUID(),
      method: { type: 'NEW_CARD', card: { number: SANDBOX_CARDS.threeDSecure, expiryMonth: 1, expiryYear: new Date().getUTCFullYear() + 1, cvc: '999', holderName: 'A' }, saveCard: false },
      returnUrl: '/main/packages/payment?packageId=p1',
    });
    const page = await fetch(`${base}${actionUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    const code = html.match(/data-testid="test-code">(\d{6})</)![1]!;
    const answer = await fetch(`${base}${actionUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code }).toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/main/packages/payment?packageId=p1&paymentId=${payment.id}`);
    // The callback arrived over HTTP before the redirect.
    const poll = await fetch(`${base}/api/payment/payments/${payment.id}`, { headers: { 'x-auth-token': token } });
    expect(await poll.json()).toMatchObject({ id: payment.id, status: 'CAPTURED', amountMinor: 12_900 });
    expect(captured.map((p) => p.id)).toEqual([payment.id]);
    expect(await t.database.db.selectFrom('payment_callback').selectAll().execute()).toHaveLength(1);
  });
});
