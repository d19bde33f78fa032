import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describe.each(DIALECTS)('EULA approval (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const check = (token: string, lang = 'tr') => t.app.inject({ method: 'GET', url: `/api/eula/check/${lang}`, headers: authed(token) });
  const approve = (token: string, eulaId: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/eula/approve', headers: authed(token), payload: { eulaId } as object });
  const latest = async (lang: string) => (await t.app.inject({ method: 'GET', url: `/api/eula/get/${lang}` })).json();

  it('the EULA accepted at sign-up is current; a newer version must be accepted (/update/eula), then it is', async () => {
    const { token, accountId } = await signUp(t);
    const current = await latest('tr');
    expect((await check(token)).json()).toEqual({ approved: true, eulaId: current.id, version: current.version });

    // The operator publishes version 2 in Turkish and English.
    const at = Date.now();
    const maxId = Number((await t.database.db.selectFrom('eula').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m);
    await t.database.db
      .insertInto('eula')
      .values([
        { id: maxId + 1, locale: 'tr', version: current.version + 1, content: '<h2>Bulut</h2><p>Yeni koşullar</p>', created_at: at },
        { id: maxId + 2, locale: 'en', version: current.version + 1, content: '<h2>Bulut</h2><p>New terms</p>', created_at: at },
      ])
      .execute();
    const res = await check(token);
    expect(res.json()).toEqual({ approved: false, eulaId: maxId + 1, version: current.version + 1 });
    // An old version cannot be accepted instead.
    expect(expectError(await approve(token, current.id), 400, 'VALIDATION_ERROR').field).toBe('eulaId');
    expect((await approve(token, maxId + 1)).json()).toEqual({});
    expect((await check(token)).json().approved).toBe(true);
    // Accepting in one language covers the same version in another.
    expect((await check(token, 'en')).json()).toEqual({ approved: true, eulaId: maxId + 2, version: current.version + 1 });
    // Accepting twice is harmless; the record is kept with when and from where.
    expect((await approve(token, maxId + 1)).statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('eula_approval').selectAll().where('account_id', '=', accountId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eula_id: maxId + 1, ip: '127.0.0.1' });
    await t.database.db.deleteFrom('eula_approval').where('eula_id', 'in', [maxId + 1, maxId + 2]).execute();
    await t.database.db.deleteFrom('eula').where('id', 'in', [maxId + 1, maxId + 2]).execute();
  });

  it('refuses an unknown EULA, a bad language and a missing session', async () => {
    const { token } = await signUp(t);
    expect(expectError(await approve(token, 99999), 400, 'VALIDATION_ERROR').field).toBe('eulaId');
    expectError(await approve(token, 'x'), 400, 'VALIDATION_ERROR');
    expectError(await check(token, 'x1'), 400, 'VALIDATION_ERROR');
    expect((await t.app.inject({ method: 'GET', url: '/api/eula/check/tr' })).statusCode).toBe(401);
  });
});
