import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describe.each(DIALECTS)('payment (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a new subscriber has no MasterPass account and no cards', async () => {
    const { token } = await signUp(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/cards', headers: authed(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userKind: 3, cards: [] });
  });
});
