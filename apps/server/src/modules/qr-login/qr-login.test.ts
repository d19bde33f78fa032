import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const device = { uuid: 'tv-1', name: 'Living room', deviceType: 'WEB' as const };

describe.each(DIALECTS)('QR sign-in (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { PUBLIC_URL: 'https://bulut.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function start() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/qrcode/start',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; code: string; approveUrl: string; expiresInSeconds: number };
  }
  const poll = (token: string, rememberMe = false) =>
    t.app.inject({ method: 'POST', url: `/api/auth/qrcode?rememberMe=${rememberMe}`, payload: { deviceInfo: device, token } });
  const approve = (token: string, code: string) => t.app.inject({ method: 'POST', url: '/api/auth/qrcode/approve', headers: authed(token), payload: { code } });
  const reject = (token: string, code: string) => t.app.inject({ method: 'POST', url: '/api/auth/qrcode/reject', headers: authed(token), payload: { code } });
  const request = (token: string, code: string) =>
    t.app.inject({ method: 'GET', url: `/api/auth/qrcode/request?code=${encodeURIComponent(code)}`, headers: authed(token) });

  it('answers 401 QR_PENDING until a signed-in device approves, then the session once', async () => {
    const u = await signUp(t);
    const qr = await start();
    expect(qr.expiresInSeconds).toBe(120);
    expect(qr.approveUrl).toBe(`https://bulut.example/main/qr-approve?code=${encodeURIComponent(qr.code)}`);
    // Two separate secrets of at least 128 bits: the QR code alone cannot collect the session.
    expect(qr.token).not.toBe(qr.code);
    expect(Buffer.from(qr.code, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(qr.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.database.db.selectFrom('qr_login').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(qr.code);
    expect(JSON.stringify(rows)).not.toContain(qr.token);

    const pending = expectError(await poll(qr.token), 401, 'QR_PENDING');
    expect(pending.status).toBe('QR_PENDING');
    // The code is not the waiting screen's token.
    expectError(await poll(qr.code), 404, 'NOT_FOUND');

    const info = await request(u.token, qr.code);
    expect(info.json()).toMatchObject({ deviceName: 'Firefox on Linux', ip: '127.0.0.1' });
    expect(info.json().expiresInSeconds).toBeGreaterThan(0);
    expect((await approve(u.token, qr.code)).statusCode).toBe(200);

    const done = await poll(qr.token, true);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ userUuid: u.accountId, deviceInfo: device });
    expect(done.headers['x-remember-me-token']).toBeTruthy();
    const session = String(done.headers['x-auth-token']);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(session) })).statusCode).toBe(200);
    // Single use.
    expectError(await poll(qr.token), 404, 'NOT_FOUND');
    expectError(await approve(u.token, qr.code), 404, 'NOT_FOUND');
  });

  it('a rejected request never signs in', async () => {
    const u = await signUp(t);
    const qr = await start();
    expect((await reject(u.token, qr.code)).statusCode).toBe(200);
    expectError(await poll(qr.token), 404, 'NOT_FOUND');
    expectError(await approve(u.token, qr.code), 404, 'NOT_FOUND');
  });

  it('expires after its two minutes, approved or not', async () => {
    const u = await signUp(t);
    const a = await start();
    const b = await start();
    await approve(u.token, b.code);
    await t.database.db.updateTable('qr_login').set({ expires_at: Date.now() - 1 }).execute();
    expectError(await poll(a.token), 404, 'NOT_FOUND');
    expectError(await request(u.token, a.code), 404, 'NOT_FOUND');
    expectError(await approve(u.token, a.code), 404, 'NOT_FOUND');
    expectError(await poll(b.token), 404, 'NOT_FOUND');
  });

  it('a code another account approved cannot be seen, approved or rejected again by someone else', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const qr = await start();
    await approve(owner.token, qr.code);
    expectError(await request(other.token, qr.code), 404, 'NOT_FOUND');
    expectError(await approve(other.token, qr.code), 404, 'NOT_FOUND');
    expectError(await reject(other.token, qr.code), 404, 'NOT_FOUND');
    // The session is the approver's, not the latecomer's.
    expect((await poll(qr.token)).json().userUuid).toBe(owner.accountId);
  });

  it('approving needs a signed-in session; unknown codes are 404; bad input is 400', async () => {
    const u = await signUp(t);
    const qr = await start();
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/qrcode/approve', payload: { code: qr.code } }), 401, 'UNAUTHORIZED');
    expectError(await approve(u.token, 'A'.repeat(43)), 404, 'NOT_FOUND');
    expectError(await approve(u.token, 'short'), 400);
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/qrcode', payload: { token: qr.token } }), 400);
    expectError(await poll(qr.token), 401, 'QR_PENDING');
  });
});
