import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, login, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe.each(DIALECTS)('signed-in devices (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: authed(token) });
  const info = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) });

  async function signInAgain(email: string, password: string, rememberMe = false) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/token?rememberMe=${rememberMe}`,
      headers: { 'user-agent': CHROME },
      payload: { username: email, password },
    });
    expect(res.statusCode).toBe(200);
    return { token: String(res.headers['x-auth-token']), remember: res.headers['x-remember-me-token'] as string | undefined, id: res.json().latestActivityId as string };
  }

  it('lists the account’s live sessions and marks the caller’s own', async () => {
    const u = await signUp(t);
    const other = await signInAgain(u.user.email, u.user.password);
    const res = await list(u.token);
    expect(res.statusCode).toBe(200);
    const devices = res.json() as Array<{ id: string; deviceName: string; current: boolean; createdAt: number; lastSeenAt: number }>;
    expect(devices).toHaveLength(2);
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices.find((d) => d.id === other.id)).toMatchObject({ current: false, deviceName: 'Chrome on Windows', deviceType: 'WEB' });
    expect((await list(other.token)).json().find((d: { id: string }) => d.id === other.id).current).toBe(true);
    // Another account sees none of them.
    const stranger = await signUp(t);
    expect((await list(stranger.token)).json()).toHaveLength(1);
  });

  it('ending another session makes its token 401 and its remember-me token useless; the caller stays signed in', async () => {
    const u = await signUp(t);
    const other = await signInAgain(u.user.email, u.user.password, true);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: authed(u.token) });
    expect(res.statusCode).toBe(200);
    expectError(await info(other.token), 401, 'UNAUTHORIZED');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/rememberMe',
      headers: { 'x-remember-me-token': other.remember! },
      payload: { uuid: 'd1', name: 'x', deviceType: 'WEB' },
    });
    expectError(refresh, 401);
    expect((await info(u.token)).statusCode).toBe(200);
    expect((await list(u.token)).json()).toHaveLength(1);
    // Ended already, unknown, or another account's: 404, and nothing changes.
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: authed(u.token) }), 404, 'NOT_FOUND');
    const stranger = await signUp(t);
    const strangerSession = (await list(stranger.token)).json()[0].id as string;
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${strangerSession}`, headers: authed(u.token) }), 404, 'NOT_FOUND');
    expect((await info(stranger.token)).statusCode).toBe(200);
  });

  it('ends every other session and keeps the caller’s', async () => {
    const u = await signUp(t);
    const a = await signInAgain(u.user.email, u.user.password, true);
    const b = await signInAgain(u.user.email, u.user.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/endOthers', headers: authed(b.token) });
    expect(res.json()).toEqual({ ended: 2 });
    expectError(await info(u.token), 401);
    expectError(await info(a.token), 401);
    expect((await info(b.token)).statusCode).toBe(200);
    const left = (await list(b.token)).json();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: b.id, current: true });
    expect((await login(t, u.user.email, u.user.password)).statusCode).toBe(200);
  });
});
