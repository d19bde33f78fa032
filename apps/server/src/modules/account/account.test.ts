import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';

describe.each(DIALECTS)('account (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });
  const send = (token: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: authed(token), payload });

  describe('info', () => {
    it('describes the signed-in account', async () => {
      const { user, token, accountId } = await signUp(t);
      const res = await get(token, '/api/account/info');
      expect(res.statusCode).toBe(200);
      const info = res.json();
      expect(info).toEqual({
        uuid: accountId,
        gapId: expect.any(String),
        name: user.name,
        surname: user.surname,
        email: user.email,
        phoneNumber: user.phoneNumber,
        countryCode: user.countryCode,
        language: 'tr',
        status: 'ACTIVE',
        accountType: expect.any(String),
        isFamilyMember: false,
        isFamilyAdmin: false,
        projectId: expect.any(String),
        url: null,
        address: null,
        birthday: null,
        emailVerified: false,
        phoneVerified: true,
        pendingEmail: null,
        graceUntil: null,
      });
      expect(res.body).not.toMatch(/password|argon/i);
    });

    it("shows each user only their own account", async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const infoA = (await get(a.token, '/api/account/info')).json();
      const infoB = (await get(b.token, '/api/account/info')).json();
      expect(infoA.uuid).toBe(a.accountId);
      expect(infoB.uuid).toBe(b.accountId);
      expect(infoB.uuid).not.toBe(infoA.uuid);
      expect(infoB.email).toBe(b.user.email);
      expect(infoB.email).not.toBe(infoA.email);
      expect(infoB.projectId).not.toBe(infoA.projectId);
    });

    it('shows READ_ONLY when the account is read-only', async () => {
      const { token, accountId } = await signUp(t);
      await t.database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', accountId).execute();
      const res = await get(token, '/api/account/info');
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('READ_ONLY');
    });
  });

  describe('usages and authorities', () => {
    it('reports usage and quota as decimal strings', async () => {
      const { token, accountId } = await signUp(t);
      expect((await get(token, '/api/account/usages')).json()).toEqual({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' });

      // Larger than 2^32, to catch any 32-bit truncation on either database.
      await t.database.db
        .updateTable('account')
        .set({ used_bytes: 4_294_967_301, quota_bytes: 1_099_511_627_776 })
        .where('id', '=', accountId)
        .execute();
      expect((await get(token, '/api/account/usages')).json()).toEqual({
        'Bytes-Used': '4294967301',
        'Quota-Bytes': '1099511627776',
      });
    });

    it('lists the authorities granted to the account, and only those', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      expect((await get(a.token, '/api/account/authority')).json()).toEqual([]);

      await t.database.db.insertInto('authority').values({ account_id: a.accountId, type: 'AUTH_PREMIUM_USER' }).execute();
      const res = await get(a.token, '/api/account/authority');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ type: 'AUTH_PREMIUM_USER' }]);
      expect((await get(b.token, '/api/account/authority')).json()).toEqual([]);
    });
  });

  describe('settings', () => {
    it('saves, lists, reads one and overwrites', async () => {
      const { token } = await signUp(t);
      expect((await get(token, '/api/account/setting')).json()).toEqual({ settings: {} });

      const saved = await send(token, 'PATCH', '/api/account/setting', { param: 'photoSort', value: 'DATE_DESC' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ param: 'photoSort', value: 'DATE_DESC' });
      await send(token, 'PATCH', '/api/account/setting', { param: 'view.mode', value: 'grid' });

      expect((await get(token, '/api/account/setting')).json()).toEqual({
        settings: { photoSort: 'DATE_DESC', 'view.mode': 'grid' },
      });
      expect((await get(token, '/api/account/setting?param=photoSort')).json()).toEqual({
        param: 'photoSort',
        value: 'DATE_DESC',
      });

      await send(token, 'PATCH', '/api/account/setting', { param: 'photoSort', value: 'NAME_ASC' });
      expect((await get(token, '/api/account/setting?param=photoSort')).json()).toEqual({
        param: 'photoSort',
        value: 'NAME_ASC',
      });
      // An empty value is a value.
      await send(token, 'PATCH', '/api/account/setting', { param: 'photoSort', value: '' });
      expect((await get(token, '/api/account/setting?param=photoSort')).json()).toEqual({ param: 'photoSort', value: '' });
    });

    it('a param never saved answers its default, the empty string; an invalid name is a 400', async () => {
      const { token } = await signUp(t);
      const res = await get(token, '/api/account/setting?param=neverSaved');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ param: 'neverSaved', value: '' });
      // Reading a default stores nothing.
      expect((await get(token, '/api/account/setting')).json()).toEqual({ settings: {} });
      expectError(await get(token, '/api/account/setting?param=has%20space'), 400, 'VALIDATION_ERROR');
    });

    it('refuses an invalid param name or value and stores nothing', async () => {
      const { token } = await signUp(t);
      for (const payload of [
        { param: '1startsWithDigit', value: 'x' },
        { param: 'has space', value: 'x' },
        { param: '<script>', value: 'x' },
        { param: '', value: 'x' },
        { param: 'p'.repeat(65), value: 'x' },
        { param: 'ok', value: 'v'.repeat(4097) },
        { param: 'ok', value: { nested: true } },
        { value: 'x' },
      ]) {
        const res = await send(token, 'PATCH', '/api/account/setting', payload);
        expect(expectError(res, 400, 'VALIDATION_ERROR').field, res.body).toMatch(/^(param|value)$/);
      }
      expect((await get(token, '/api/account/setting')).json()).toEqual({ settings: {} });
    });

    it("never shows or changes another user's settings", async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      await send(a.token, 'PATCH', '/api/account/setting', { param: 'secret', value: 'A' });
      await send(b.token, 'PATCH', '/api/account/setting', { param: 'secret', value: 'B' });
      expect((await get(a.token, '/api/account/setting?param=secret')).json().value).toBe('A');
      expect((await get(b.token, '/api/account/setting')).json()).toEqual({ settings: { secret: 'B' } });
    });
  });

  describe('language and name', () => {
    it('changes the language to one of the 11', async () => {
      const { token } = await signUp(t);
      const res = await send(token, 'POST', '/api/account/language', { language: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ language: 'en' });
      expect((await get(token, '/api/account/info')).json().language).toBe('en');
      for (const language of ['ka', 'ar', 'de']) {
        expect((await send(token, 'POST', '/api/account/language', { language })).statusCode).toBe(200);
      }
      expect((await get(token, '/api/account/info')).json().language).toBe('de');
    });

    it('refuses an unknown language and keeps the old one', async () => {
      const { token } = await signUp(t);
      for (const payload of [{ language: 'xx' }, { language: 'EN' }, { language: '' }, {}, { language: 42 }]) {
        const res = await send(token, 'POST', '/api/account/language', payload);
        expect(expectError(res, 400, 'VALIDATION_ERROR').field).toBe('language');
      }
      expect((await get(token, '/api/account/info')).json().language).toBe('tr');
    });

    it('changes name and surname (trimmed) and answers with the account info', async () => {
      const { token, accountId } = await signUp(t);
      const res = await send(token, 'POST', '/api/account/nameSurname', { name: '  Mehmet ', surname: 'Öztürk ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uuid: accountId, name: 'Mehmet', surname: 'Öztürk', status: 'ACTIVE' });
      expect((await get(token, '/api/account/info')).json()).toMatchObject({ name: 'Mehmet', surname: 'Öztürk' });

      expectError(await send(token, 'POST', '/api/account/nameSurname', { name: 'x'.repeat(101), surname: 'y' }), 400);
      expectError(await send(token, 'POST', '/api/account/nameSurname', { name: 'Only' }), 400, 'VALIDATION_ERROR');
      expect((await get(token, '/api/account/info')).json()).toMatchObject({ name: 'Mehmet', surname: 'Öztürk' });
    });
  });
});
