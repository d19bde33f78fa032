import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';

const FETCH = '/api/notification/communication/fetch?language=tr&type=IN_APP';

describe.each(DIALECTS)('notification (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const fetchAll = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: FETCH, headers: authed(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ notificationId: string; status: string; title: string; [k: string]: unknown }>;
  };
  const read = (token: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/notification/communication/read/${id}`, headers: authed(token) });
  const remove = (token: string, ids: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/notification/communication', headers: authed(token), payload: ids as object });
  /** An operator-sent notification, written straight to the table. */
  const addNotification = async (accountId: string, title: string, createdAt: number) => {
    const id = randomUUID();
    await t.database.db
      .insertInto('notification')
      .values({
        id,
        account_id: accountId,
        type: 'CAMPAIGN',
        notification_type: 'IN_APP',
        language: 'tr',
        status: 'UNREAD',
        title,
        body: `${title} body`,
        created_at: createdAt,
      })
      .execute();
    return id;
  };

  it('a new account has one unread welcome notification in its language', async () => {
    const before = Date.now();
    const { token } = await signUp(t);
    const after = Date.now();
    const list = await fetchAll(token);
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      notificationId: expect.any(String),
      type: 'WELCOME',
      notificationType: 'IN_APP',
      language: 'tr',
      status: 'UNREAD',
      title: 'Bulut’a hoş geldiniz',
      body: expect.stringContaining('5 GB'),
      createdDate: expect.any(Number),
    });
    // Epoch milliseconds of the sign-up.
    expect(list[0]!.createdDate).toBeGreaterThanOrEqual(before);
    expect(list[0]!.createdDate).toBeLessThanOrEqual(after);

    const en = await signUp(t, { ...uniqueUser(), language: 'en' });
    const enList = await fetchAll(en.token);
    expect(enList).toHaveLength(1);
    expect(enList[0]).toMatchObject({ language: 'en', title: 'Welcome to Bulut', status: 'UNREAD' });
  });

  it('reading marks it READ', async () => {
    const { token } = await signUp(t);
    const [welcome] = await fetchAll(token);
    const res = await read(token, welcome!.notificationId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notificationId: welcome!.notificationId, status: 'READ' });
    expect((await fetchAll(token))[0]!.status).toBe('READ');
    // Reading again is harmless.
    expect((await read(token, welcome!.notificationId)).statusCode).toBe(200);
  });

  it('lists newest first', async () => {
    const { token, accountId } = await signUp(t);
    const old = await addNotification(accountId, 'old', 1_000);
    const newest = await addNotification(accountId, 'newest', Date.now() + 60_000);
    const ids = (await fetchAll(token)).map((n) => n.notificationId);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(newest);
    expect(ids[2]).toBe(old);
  });

  it("another user's notification: 404 on read, untouched by delete, never listed", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const [aWelcome] = await fetchAll(a.token);
    const id = aWelcome!.notificationId;

    expect((await fetchAll(b.token)).map((n) => n.notificationId)).not.toContain(id);
    expectError(await read(b.token, id), 404, 'NOT_FOUND');
    expect((await fetchAll(a.token))[0]!.status).toBe('UNREAD');

    const del = await remove(b.token, [id]);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ deleted: 0 });
    expect((await fetchAll(a.token)).map((n) => n.notificationId)).toEqual([id]);
    // B's own notification is still there too.
    expect(await fetchAll(b.token)).toHaveLength(1);
  });

  it('an unknown id → 404', async () => {
    const { token } = await signUp(t);
    expectError(await read(token, randomUUID()), 404, 'NOT_FOUND');
  });

  it('deletes many at once and only the ones named', async () => {
    const { token, accountId } = await signUp(t);
    const [welcome] = await fetchAll(token);
    const x = await addNotification(accountId, 'x', Date.now() - 3000);
    const y = await addNotification(accountId, 'y', Date.now() - 2000);
    const keep = await addNotification(accountId, 'keep', Date.now() - 1000);

    const res = await remove(token, [welcome!.notificationId, x, y, randomUUID()]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    expect((await fetchAll(token)).map((n) => n.notificationId)).toEqual([keep]);

    expect((await remove(token, [x])).json()).toEqual({ deleted: 0 });
    expect((await remove(token, [])).json()).toEqual({ deleted: 0 });
    expect(await fetchAll(token)).toHaveLength(1);
  });

  it('refuses bad ids with 400 and deletes nothing', async () => {
    const { token } = await signUp(t);
    const [welcome] = await fetchAll(token);
    expectError(await read(token, 'not-a-uuid'), 400, 'VALIDATION_ERROR');
    expectError(await read(token, '1%27%20OR%201=1'), 400, 'VALIDATION_ERROR');
    for (const body of [
      ['not-a-uuid'],
      [welcome!.notificationId, 'nope'],
      { ids: [welcome!.notificationId] },
      [42],
      Array.from({ length: 501 }, () => randomUUID()),
    ]) {
      expectError(await remove(token, body), 400, 'VALIDATION_ERROR');
    }
    expect(await fetchAll(token)).toHaveLength(1);
  });
});
