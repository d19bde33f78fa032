import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';

const CARD = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123', holderName: 'Ayşe Yılmaz' };
const MONTHLY_50 = '5b0a1c8e-0050-4a01-8000-000000000001';

// The console routes of plans, remote configuration and orders over HTTP: who may call them, what they refuse, and the
// audit record each change leaves.
describe.each(DIALECTS)('ops catalog over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInOperator;
  let finance: SignedInOperator;
  let marketing: SignedInOperator;
  let support: SignedInOperator;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedInAdmin(t);
    finance = await signedInOperator(t, admin, 'finance');
    marketing = await signedInOperator(t, admin, 'marketing');
    support = await signedInOperator(t, admin, 'support');
  });
  afterAll(() => t.close());

  const call = (who: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authed(who.token), ...(payload ? { payload } : {}) });
  const auditActions = async (action: string) =>
    (await call(admin, 'GET', `/api/ops/audit?action=${action}&limit=100`)).json().items as Array<{ action: string; targetId: string | null; reason: string | null }>;

  it('each role reaches only what it may: 403 in the error shape otherwise, 404 for a subscriber', async () => {
    const subscriber = await signUp(t);
    expectError(await call(subscriber, 'GET', '/api/ops/plans'), 404, 'NOT_FOUND');
    expectError(await call(subscriber, 'GET', '/api/ops/config'), 404, 'NOT_FOUND');
    expectError(await call(subscriber, 'GET', '/api/ops/orders?q=4242'), 404, 'NOT_FOUND');

    for (const who of [admin, finance, marketing, support]) expect((await call(who, 'GET', '/api/ops/plans')).statusCode).toBe(200);
    const forbidden = await call(marketing, 'GET', '/api/ops/orders?q=4242');
    expect(expectError(forbidden, 403, 'FORBIDDEN').message).toBe('Your role does not allow this.');
    expectError(await call(support, 'GET', '/api/ops/config'), 403, 'FORBIDDEN');
    expectError(await call(finance, 'PUT', '/api/ops/config/max_select_count', { language: '*', value: 10, reason: 'Not mine' }), 403, 'FORBIDDEN');
    expectError(await call(support, 'POST', `/api/ops/orders/${randomUUID()}/refund`, { amountMinor: 1, reason: 'Not mine' }), 403, 'FORBIDDEN');
    expect((await call(marketing, 'GET', '/api/ops/config')).statusCode).toBe(200);
    expect((await call(finance, 'GET', `/api/ops/reconciliation?date=2026-11-29`)).statusCode).toBe(200);
  });

  it('remote config: bad input is a 400 that changes nothing; a change is audited and rolled back', async () => {
    expectError(await call(marketing, 'PUT', '/api/ops/config/max_select_count', { language: '*', value: 'lots', reason: 'Try' }), 400, 'INVALID_VALUE');
    expectError(await call(marketing, 'PUT', '/api/ops/config/max_select_count', { language: '*', value: 20000, reason: 'Try' }), 400, 'VALUE_OUT_OF_RANGE');
    expectError(await call(marketing, 'PUT', '/api/ops/config/package_types', { language: '*', value: 'GOLD', reason: 'Try' }), 400, 'VALUE_NOT_ALLOWED');
    expectError(await call(marketing, 'PUT', '/api/ops/config/max_select_count', { language: 'xx', value: 20, reason: 'Try' }), 400, 'VALIDATION_ERROR');
    expectError(await call(marketing, 'PUT', '/api/ops/config/max_select_count', { language: '*', value: 20, reason: 'no' }), 400, 'VALIDATION_ERROR');
    expectError(await call(marketing, 'PUT', '/api/ops/config/no_such_key', { language: '*', value: 20, reason: 'Try' }), 404, 'NOT_FOUND');
    expect((await call(marketing, 'GET', '/api/ops/config/max_select_count/history')).json().items).toHaveLength(1);

    const changed = await call(marketing, 'PUT', '/api/ops/config/max_select_count', { language: '*', value: 20, reason: 'Campaign week' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/remoteconfig?client=3&parameter=max_select_count' })).json().value).toBe('20');
    const history = (await call(marketing, 'GET', '/api/ops/config/max_select_count/history')).json().items as Array<{ id: string; value: string; operatorEmail: string | null }>;
    expect(history.map((v) => [v.value, v.operatorEmail])).toEqual([
      ['20', marketing.email],
      ['500', null],
    ]);
    const rolled = await call(marketing, 'POST', '/api/ops/config/max_select_count/rollback', { versionId: history[1]!.id, reason: 'Campaign over' });
    expect(rolled.json()).toMatchObject({ before: '20', after: '500', changed: true });
    expect((await auditActions('config.update')).map((a) => [a.targetId, a.reason])).toContainEqual(['max_select_count', 'Campaign week']);
    expect((await auditActions('config.rollback')).map((a) => [a.targetId, a.reason])).toContainEqual(['max_select_count', 'Campaign over']);
  });

  it('plans and refunds over HTTP: validated, audited, refunded once, over-refund refused', async () => {
    const plans = (await call(finance, 'GET', '/api/ops/plans')).json().items as Array<Record<string, unknown> & { id: string }>;
    const plan = plans.find((p) => p.id === MONTHLY_50)!;
    const { id: _id, code: _code, ...terms } = plan;
    expectError(await call(finance, 'PUT', `/api/ops/plans/${MONTHLY_50}`, { ...terms, priceMinor: -5, reason: 'Price' }), 400, 'VALIDATION_ERROR');
    const names = { ...(terms.names as Record<string, string>) };
    delete names.ka;
    expectError(await call(finance, 'PUT', `/api/ops/plans/${MONTHLY_50}`, { ...terms, names, reason: 'Names' }), 400, 'VALIDATION_ERROR');
    const renamed = await call(finance, 'PUT', `/api/ops/plans/${MONTHLY_50}`, { ...terms, names: { ...(terms.names as object), ka: '50 GB საცავი+' }, reason: 'Georgian name' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().names.ka).toBe('50 GB საცავი+');
    expect((await auditActions('plan.update')).map((a) => a.targetId)).toContain(MONTHLY_50);

    const who = await signUp(t);
    const bought = await call(who, 'POST', '/api/packages/orders', { packageId: MONTHLY_50, idempotencyKey: randomUUID(), payment: { type: 'NEW_CARD', card: CARD, saveCard: false } });
    expect(bought.json().status).toBe('COMPLETED');
    const orderId = bought.json().orderId as string;
    const found = (await call(finance, 'GET', `/api/ops/orders?q=${encodeURIComponent(who.user.email)}`)).json().items as Array<{ id: string; cardMask: string }>;
    expect(found.map((o) => [o.id, o.cardMask])).toEqual([[orderId, '**** **** **** 4242']]);

    const key = randomUUID();
    const refund = () => call(finance, 'POST', `/api/ops/orders/${orderId}/refund`, { amountMinor: 1_200, reason: 'Charged twice', idempotencyKey: key });
    const [a, b] = await Promise.all([refund(), refund()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const detail = (await call(finance, 'GET', `/api/ops/orders/${orderId}`)).json();
    expect(detail.payment).toMatchObject({ refundedMinor: 1_200, status: 'PARTIALLY_REFUNDED' });
    expect(detail.invoices.map((i: { kind: string; totalMinor: number }) => [i.kind, i.totalMinor])).toEqual([
      ['INVOICE', 2_499],
      ['REFUND', -1_200],
    ]);
    expectError(await call(finance, 'POST', `/api/ops/orders/${orderId}/refund`, { amountMinor: 1_300, reason: 'More than left' }), 409, 'REFUND_EXCEEDS_CAPTURED');
    expectError(await call(finance, 'POST', `/api/ops/orders/${randomUUID()}/refund`, { amountMinor: 1, reason: 'Nothing' }), 404, 'NOT_FOUND');
    expect((await auditActions('order.refund')).filter((e) => e.targetId === orderId)).toHaveLength(1);
    expectError(await call(finance, 'GET', '/api/ops/reconciliation?date=2026-13-01'), 400);
  });
});
