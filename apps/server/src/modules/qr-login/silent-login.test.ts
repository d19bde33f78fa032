import { createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';

const SECRET = 'operator-gateway-shared-secret-0123456789';
const ISSUER = 'https://gateway.operator.example';
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** What the operator's gateway does: a compact JWS, written here with node:crypto and no JWT library. */
function jwt(claims: Record<string, unknown>, key: { alg: 'HS256'; secret: string } | { alg: 'RS256' | 'ES256'; privateKey: KeyObject }): string {
  const head = b64({ alg: key.alg, typ: 'JWT' });
  const body = b64(claims);
  const data = `${head}.${body}`;
  const sig =
    key.alg === 'HS256'
      ? createHmac('sha256', key.secret).update(data).digest()
      : sign('sha256', Buffer.from(data), key.alg === 'ES256' ? { key: key.privateKey, dsaEncoding: 'ieee-p1363' } : key.privateKey);
  return `${data}.${sig.toString('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const claimsFor = (msisdn: string, over: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  aud: 'bulut',
  msisdn,
  iat: now(),
  exp: now() + 120,
  jti: randomUUID(),
  ...over,
});

describe.each(DIALECTS)('operator silent sign-in (%s)', (dialect) => {
  describe('with an HS256 secret', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, { SILENT_LOGIN_ISSUER: ISSUER, SILENT_LOGIN_SECRET: SECRET });
    });
    afterAll(async () => {
      await t.close();
    });
    const silent = (token: string, rememberMe = false) =>
      t.app.inject({ method: 'POST', url: `/api/auth/silent/token?rememberMe=${rememberMe}`, payload: { token } });
    const hs = (claims: Record<string, unknown>, secret = SECRET) => jwt(claims, { alg: 'HS256', secret });

    it('signs the subscriber in with a valid token, once', async () => {
      const u = await signUp(t);
      const phone = `+${u.user.countryCode}${u.user.phoneNumber}`;
      const token = hs(claimsFor(phone));
      const res = await silent(token, true);
      expect(res.statusCode).toBe(200);
      expect(res.json().userUuid).toBe(u.accountId);
      expect(res.headers['x-remember-me-token']).toBeTruthy();
      const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(String(res.headers['x-auth-token'])) });
      expect(info.statusCode).toBe(200);
      // The same token again (same jti) is a replay.
      expectError(await silent(token), 401, 'INVALID_TOKEN');
      // `sub` names the number as well as `msisdn`.
      const { msisdn: _m, ...rest } = claimsFor(phone);
      expect((await silent(hs({ ...rest, sub: phone }))).statusCode).toBe(200);
    });

    it('refuses a forged, expired, wrong-issuer, wrong-audience, too long-lived or unsigned token', async () => {
      const u = await signUp(t);
      const phone = `+${u.user.countryCode}${u.user.phoneNumber}`;
      const refused = [
        hs(claimsFor(phone), 'another-secret-another-secret-another-secret'),
        hs(claimsFor(phone, { iss: 'https://evil.example' })),
        hs(claimsFor(phone, { aud: 'someone-else' })),
        hs(claimsFor(phone, { iat: now() - 400, exp: now() - 10 })),
        hs(claimsFor(phone, { exp: now() + 3600 })),
        hs(claimsFor(phone, { iat: now() + 600, exp: now() + 700 })),
        hs(claimsFor(phone, { jti: undefined })),
        hs(claimsFor('05321234567')),
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsFor(phone))}.`,
        // The payload of a valid token swapped for another number keeps the old signature.
        (() => {
          const [h, , s] = hs(claimsFor(phone)).split('.');
          return `${h}.${b64(claimsFor('+905550000000'))}.${s}`;
        })(),
        'not.a.jwt',
        'garbage',
      ];
      for (const token of refused) expectError(await silent(token), 401, 'INVALID_TOKEN');
      // Nothing was signed in.
      const sessions = await t.database.db.selectFrom('session').select('id').where('account_id', '=', u.accountId).execute();
      expect(sessions).toHaveLength(1);
    });

    it('a valid token for a number without an account is 404; an account with two-factor on gets the second step', async () => {
      expectError(await silent(hs(claimsFor('+905559998877'))), 404, 'ACCOUNT_NOT_FOUND');
      const u = await signUp(t);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/settings',
        headers: authed(u.token),
        payload: { twoFactorAuthEnabled: true, password: u.user.password },
      });
      const res = await silent(hs(claimsFor(`+${u.user.countryCode}${u.user.phoneNumber}`)));
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-auth-token']).toBeUndefined();
      expect(res.json()).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300 });
    });
  });

  describe('with an ES256 public key', () => {
    let t: TestApp;
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    beforeAll(async () => {
      t = await startTestApp(dialect, {
        SILENT_LOGIN_ISSUER: ISSUER,
        SILENT_LOGIN_PUBLIC_KEY: ec.publicKey.export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '\\n'),
      });
    });
    afterAll(async () => {
      await t.close();
    });
    const silent = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/silent/token', payload: { token } });

    it('accepts the gateway’s signature and refuses any other key or algorithm', async () => {
      const u = await signUp(t);
      const phone = `+${u.user.countryCode}${u.user.phoneNumber}`;
      expect((await silent(jwt(claimsFor(phone), { alg: 'ES256', privateKey: ec.privateKey }))).json().userUuid).toBe(u.accountId);
      const otherEc = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      expectError(await silent(jwt(claimsFor(phone), { alg: 'ES256', privateKey: otherEc.privateKey })), 401, 'INVALID_TOKEN');
      expectError(await silent(jwt(claimsFor(phone), { alg: 'RS256', privateKey: rsa.privateKey })), 401, 'INVALID_TOKEN');
      // HS256 "signed" with the public key's text: the classic algorithm confusion.
      const pem = ec.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      expectError(await silent(jwt(claimsFor(phone), { alg: 'HS256', secret: pem })), 401, 'INVALID_TOKEN');
    });
  });

  describe('with an RS256 public key', () => {
    let t: TestApp;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    beforeAll(async () => {
      t = await startTestApp(dialect, { SILENT_LOGIN_ISSUER: ISSUER, SILENT_LOGIN_PUBLIC_KEY: rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString() });
    });
    afterAll(async () => {
      await t.close();
    });

    it('accepts RS256 from the gateway', async () => {
      const u = await signUp(t);
      const token = jwt(claimsFor(`+${u.user.countryCode}${u.user.phoneNumber}`), { alg: 'RS256', privateKey: rsa.privateKey });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/silent/token', payload: { token } });
      expect(res.json().userUuid).toBe(u.accountId);
    });
  });

  describe('not configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers 404', async () => {
      const token = jwt(claimsFor('+905321112233'), { alg: 'HS256', secret: SECRET });
      expectError(await t.app.inject({ method: 'POST', url: '/api/auth/silent/token', payload: { token } }), 404, 'NOT_FOUND');
    });
  });
});
