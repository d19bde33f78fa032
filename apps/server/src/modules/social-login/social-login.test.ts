import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import {
  authed,
  DIALECTS,
  expectError,
  lastCodeFor,
  readOutbox,
  signUp,
  startTestApp,
  uniqueUser,
  type TestApp,
} from '../../test/harness.js';
import { startOidcProvider, type LocalOidcProvider } from '../../test/oidc-provider.js';
import { signInAtProvider } from '../../test/oidc-browser.js';
import { OPERATOR, opsService } from '../ops-subscribers/ops-subscribers.fixtures.js';

// The app's external origin: only named in redirect URIs, never listened on (the test carries the answers over).
const ORIGIN = 'http://127.0.0.1:18401';
const GOOGLE = 'bulut-google-test';
const APPLE = 'bulut-apple-test';
const OTHER = 'some-other-app';
const clients = [
  { clientId: GOOGLE, redirectUris: [`${ORIGIN}/auth/login/google`] },
  { clientId: APPLE, redirectUris: [`${ORIGIN}/api/apple/login/callback`] },
  { clientId: OTHER, redirectUris: [`${ORIGIN}/auth/login/google`] },
];

type Provider = 'google' | 'apple';
type Intent = 'login' | 'signup' | 'connect';

describe.each(DIALECTS)('social login (%s)', (dialect) => {
  let t: TestApp;
  let op: LocalOidcProvider;
  let stranger: LocalOidcProvider;

  beforeAll(async () => {
    [op, stranger] = await Promise.all([startOidcProvider({ clients }), startOidcProvider({ clients })]);
    t = await startTestApp(dialect, {
      PUBLIC_URL: ORIGIN,
      GOOGLE_CLIENT_ID: GOOGLE,
      GOOGLE_ISSUER: op.issuer,
      APPLE_CLIENT_ID: APPLE,
      APPLE_ISSUER: op.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
    await stranger?.close();
  });

  async function start(provider: Provider, intent: Intent, token?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/start',
      headers: token ? authed(token) : {},
      payload: { provider, intent },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().authorizationUrl as string);
    return { url, state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')! };
  }

  /** The whole Google round trip: our authorization URL, the provider's sign-in page, the fragment it sends back. */
  async function google(login: string, intent: Intent = 'login') {
    const { url } = await start('google', intent);
    const answer = await signInAtProvider(url.toString(), login);
    expect(answer).toMatchObject({ mode: 'fragment', redirectUri: `${ORIGIN}/auth/login/google` });
    return { token: answer.fields.id_token!, state: answer.fields.state! };
  }

  /** Apple's: the provider posts a form to our callback, which parks it under a key the web page reads once. */
  async function apple(login: string, intent: Intent = 'login') {
    const { url } = await start('apple', intent);
    const answer = await signInAtProvider(url.toString(), login);
    expect(answer).toMatchObject({ mode: 'form_post', redirectUri: `${ORIGIN}/api/apple/login/callback` });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/apple/login/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(answer.fields).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const key = String(posted.headers.location).match(/^\/auth\/login\/apple\/([^/]+)$/)?.[1];
    expect(key).toBeTruthy();
    return { key: decodeURIComponent(key!), token: answer.fields.id_token!, state: answer.fields.state! };
  }

  const socialLogin = (provider: Provider, body: { token: string; state: string }, rememberMe = false) =>
    t.app.inject({ method: 'POST', url: `/api/auth/${provider}?rememberMe=${rememberMe}`, payload: body });

  /** A token signed by `key` with the claims a good one would have, changed by `claims`. */
  async function craft(key: JWK, nonce: string, claims: Record<string, unknown> = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ nonce, email: 'crafted@example.com', email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer((claims.iss as string) ?? op.issuer)
      .setAudience((claims.aud as string) ?? GOOGLE)
      .setSubject((claims.sub as string) ?? 'crafted@example.com')
      .setIssuedAt((claims.iat as number) ?? now)
      .setExpirationTime((claims.exp as number) ?? now + 600)
      .sign(await importJWK(key, 'RS256'));
  }

  it('lists the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/social/providers' });
    expect(res.json()).toEqual({ google: true, apple: true });
  });

  it('asks the provider for an id_token with a fresh state and nonce, Apple by form_post', async () => {
    const g = await start('google', 'login');
    expect(`${g.url.origin}${g.url.pathname}`).toMatch(new RegExp(`^${op.issuer}/`));
    expect(Object.fromEntries(g.url.searchParams)).toMatchObject({
      client_id: GOOGLE,
      response_type: 'id_token',
      scope: 'openid email profile',
      redirect_uri: `${ORIGIN}/auth/login/google`,
    });
    expect(g.state.length).toBeGreaterThanOrEqual(43);
    expect(g.nonce.length).toBeGreaterThanOrEqual(43);
    const again = await start('google', 'login');
    expect(again.state).not.toBe(g.state);
    expect(again.nonce).not.toBe(g.nonce);
    const a = await start('apple', 'login');
    expect(Object.fromEntries(a.url.searchParams)).toMatchObject({
      client_id: APPLE,
      response_mode: 'form_post',
      redirect_uri: `${ORIGIN}/api/apple/login/callback`,
    });
    // Only hashes are stored.
    const row = await t.database.db.selectFrom('social_login_state').selectAll().executeTakeFirstOrThrow();
    expect(row.state_hash).toMatch(/^[0-9a-f]{64}$/);
    expect([g.state, g.nonce]).not.toContain(row.state_hash);
  });

  it('signs up with Google (the identity is linked), then signs in with it', async () => {
    const user = uniqueUser();
    const socialToken = { provider: 'google', ...(await google(user.email, 'signup')) };
    const { accountId } = await signUp(t, { ...user, socialToken } as typeof user);

    const status = await t.app.inject({ method: 'GET', url: '/api/google/login/status', headers: authed((await signInWithGoogle(user.email)).token) });
    expect(status.json()).toEqual({ connected: true, email: user.email });

    const res = await socialLogin('google', await google(user.email), true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userUuid).toBe(accountId);
    expect(res.headers['x-remember-me-token']).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(String(res.headers['x-auth-token'])) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });

  async function signInWithGoogle(login: string) {
    const res = await socialLogin('google', await google(login));
    expect(res.statusCode, res.body).toBe(200);
    return { token: String(res.headers['x-auth-token']), accountId: res.json().userUuid as string };
  }

  it('a suspended account signing in with Google gets ACCOUNT_SUSPENDED as with its password; unsuspended, it signs in', async () => {
    const user = uniqueUser();
    const { accountId } = await signUp(t, { ...user, socialToken: { provider: 'google', ...(await google(user.email, 'signup')) } } as typeof user);
    const ops = opsService(t, Date.now).service;
    await ops.suspend(OPERATOR, accountId, 'Fraud report, ticket 321');
    expectError(await socialLogin('google', await google(user.email)), 403, 'ACCOUNT_SUSPENDED');
    expect((await ops.detail(OPERATOR, accountId)).signIns.map((s) => s.result)).toContain('SUSPENDED');
    await ops.unsuspend(OPERATOR, accountId, 'Report cleared');
    expect((await signInWithGoogle(user.email)).accountId).toBe(accountId);
  });

  it('answers SOCIAL_ACCOUNT_NOT_FOUND for an unknown identity; the same answer then starts a sign-up, once', async () => {
    const user = uniqueUser();
    const answer = await google(user.email);
    const err = expectError(await socialLogin('google', answer), 404, 'SOCIAL_ACCOUNT_NOT_FOUND');
    expect(err.field).toBe('email');
    // The state is not a sign-in any more.
    expectError(await socialLogin('google', answer), 400, 'INVALID_SOCIAL_TOKEN');

    const { accountId } = await signUp(t, { ...user, socialToken: { provider: 'google', ...answer } } as typeof user);
    expect((await signInWithGoogle(user.email)).accountId).toBe(accountId);
    // Spent: a second sign-up cannot reuse it.
    const other = uniqueUser();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v2/signup',
      payload: { ...other, email: user.email, socialToken: { provider: 'google', ...answer } },
    });
    expectError(again, 400, 'INVALID_SOCIAL_TOKEN');
  });

  it('does not link silently to the account that holds the same e-mail', async () => {
    const { user } = await signUp(t);
    const answer = await google(user.email);
    const err = expectError(await socialLogin('google', answer), 409, 'SOCIAL_EMAIL_IN_USE');
    expect(err.field).toBe('email');
    expect(await t.database.db.selectFrom('social_identity').where('subject', '=', user.email).selectAll().execute()).toEqual([]);
  });

  it('refuses a sign-up whose e-mail is not the one the provider verified', async () => {
    const user = uniqueUser();
    for (const login of [`other-${user.email}`, `unverified:${user.email}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/signup',
        payload: { ...user, socialToken: { provider: 'google', ...(await google(login, 'signup')) } },
      });
      expect(expectError(res, 400, 'VALIDATION_ERROR').field).toBe('email');
    }
    expect(await t.database.db.selectFrom('signup_request').where('email', '=', user.email).selectAll().execute()).toEqual([]);
  });

  it('a sign-up with an identity connected elsewhere fails when the account would be created (409), creating nothing', async () => {
    const owner = await signUp(t);
    const googleLogin = `connected-${uniqueUser().email}`;
    const connect = await t.app.inject({
      method: 'POST',
      url: '/api/google/login/connect',
      headers: authed(owner.token),
      payload: await google(googleLogin, 'connect'),
    });
    expect(connect.statusCode, connect.body).toBe(200);
    // Someone signs up with that Google account's (free) e-mail and its token.
    const user = { ...uniqueUser(), email: googleLogin };
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v2/signup',
      payload: { ...user, socialToken: { provider: 'google', ...(await google(googleLogin, 'signup')) } },
    });
    expect(start.statusCode, start.body).toBe(200);
    const phone = `+${user.countryCode}${user.phoneNumber}`;
    for (let i = 0; i < 20 && !readOutbox(t.dataDir).some((m) => m.to === phone); i++) await t.app.jobs.runDue();
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v2/signup/validate',
      payload: { referenceToken: start.json().referenceToken, otp: lastCodeFor(t.dataDir, phone) },
    });
    expectError(done, 409, 'SOCIAL_ACCOUNT_IN_USE');
    expect(await t.database.db.selectFrom('account').where('email', '=', googleLogin).selectAll().execute()).toEqual([]);
    expect((await signInWithGoogle(googleLogin)).accountId).toBe(owner.accountId);
  });

  it('connects and disconnects Google and Apple in settings', async () => {
    const { token, accountId } = await signUp(t);
    const other = await signUp(t);
    const googleLogin = `g-${uniqueUser().email}`;
    const appleLogin = `a-${uniqueUser().email}`;

    const before = await t.app.inject({ method: 'GET', url: '/api/share/social/status', headers: authed(token) });
    expect(before.json()).toEqual({ google: { connected: false, email: null }, apple: { connected: false, email: null } });

    const connectGoogle = await t.app.inject({
      method: 'POST',
      url: '/api/google/login/connect',
      headers: authed(token),
      payload: await google(googleLogin, 'connect'),
    });
    expect(connectGoogle.statusCode, connectGoogle.body).toBe(200);
    expect(connectGoogle.json()).toEqual({ connected: true, email: googleLogin });
    const a = await apple(appleLogin, 'connect');
    const parked = await t.app.inject({ method: 'GET', url: `/api/apple/login/callback?key=${encodeURIComponent(a.key)}` });
    expect(parked.json()).toMatchObject({ email: appleLogin, intent: 'connect' });
    const connectApple = await t.app.inject({
      method: 'POST',
      url: '/api/apple/login/connect',
      headers: authed(token),
      payload: { token: parked.json().token, state: parked.json().state },
    });
    expect(connectApple.json()).toEqual({ connected: true, email: appleLogin });

    const after = await t.app.inject({ method: 'GET', url: '/api/share/social/status', headers: authed(token) });
    expect(after.json()).toEqual({ google: { connected: true, email: googleLogin }, apple: { connected: true, email: appleLogin } });
    expect((await signInWithGoogle(googleLogin)).accountId).toBe(accountId);

    // The same Google account cannot be connected to a second account; the other account sees nothing of it.
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/google/login/connect',
      headers: authed(other.token),
      payload: await google(googleLogin, 'connect'),
    });
    expectError(stolen, 409, 'SOCIAL_ACCOUNT_IN_USE');
    const otherStatus = await t.app.inject({ method: 'GET', url: '/api/google/login/status', headers: authed(other.token) });
    expect(otherStatus.json()).toEqual({ connected: false, email: null });

    const off = await t.app.inject({ method: 'POST', url: '/api/google/login/disconnect', headers: authed(token) });
    expect(off.json()).toEqual({ connected: false, email: null });
    const status = await t.app.inject({ method: 'GET', url: '/api/google/login/status', headers: authed(token) });
    expect(status.json()).toEqual({ connected: false, email: null });
    expectError(await socialLogin('google', await google(googleLogin)), 404, 'SOCIAL_ACCOUNT_NOT_FOUND');
    const appleStatus = await t.app.inject({ method: 'GET', url: '/api/apple/login/status', headers: authed(token) });
    expect(appleStatus.json()).toEqual({ connected: true, email: appleLogin });

    // Settings calls need a session.
    expectError(await t.app.inject({ method: 'GET', url: '/api/google/login/status' }), 401);
  });

  it('signs in with Apple through the form_post callback; the key works once', async () => {
    const user = uniqueUser();
    const a = await apple(user.email, 'signup');
    const parked = await t.app.inject({ method: 'GET', url: `/api/apple/login/callback?key=${encodeURIComponent(a.key)}` });
    expect(parked.statusCode, parked.body).toBe(200);
    expect(parked.json()).toEqual({ token: a.token, state: a.state, email: user.email, intent: 'signup' });
    expectError(await t.app.inject({ method: 'GET', url: `/api/apple/login/callback?key=${encodeURIComponent(a.key)}` }), 404);
    const { accountId } = await signUp(t, {
      ...user,
      socialToken: { provider: 'apple', token: parked.json().token, state: parked.json().state },
    } as typeof user);

    const b = await apple(user.email);
    const again = await t.app.inject({ method: 'GET', url: `/api/apple/login/callback?key=${encodeURIComponent(b.key)}` });
    const res = await socialLogin('apple', { token: again.json().token, state: again.json().state });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userUuid).toBe(accountId);
    // An Apple token is not a Google one (audience), and a state is bound to its provider.
    const c = await apple(user.email);
    expectError(await socialLogin('google', { token: c.token, state: c.state }), 400, 'INVALID_SOCIAL_TOKEN');
  });

  it('sends a cancelled Apple sign-in back to the sign-in page', async () => {
    await start('apple', 'login');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apple/login/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'error=user_cancelled_authorize&state=whatever-state-value',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login');
  });

  describe('refuses identity tokens that OpenID Connect says to refuse', () => {
    let linkedEmail: string;
    beforeAll(async () => {
      linkedEmail = uniqueUser().email;
      const user = { ...uniqueUser(), email: linkedEmail };
      await signUp(t, { ...user, socialToken: { provider: 'google', ...(await google(linkedEmail, 'signup')) } } as typeof user);
    });

    const reason = async (body: { token: string; state: string }) =>
      expectError(await socialLogin('google', body), 400, 'INVALID_SOCIAL_TOKEN').message;

    it('accepts a well-formed token signed with the provider key (the control case)', async () => {
      const { state, nonce } = await start('google', 'login');
      const res = await socialLogin('google', { token: await craft(op.signingKey, nonce, { sub: linkedEmail }), state });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('a forged token: signed by another key', async () => {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const { exportJWK } = await import('jose');
      const forged = { ...(await exportJWK(privateKey)), kid: op.signingKey.kid };
      const { state, nonce } = await start('google', 'login');
      expect(await reason({ token: await craft(forged, nonce, { sub: linkedEmail }), state })).toMatch(/signature/);
      // Nor a token from another real provider that uses the same client id.
      const { url } = await start('google', 'login');
      const foreign = new URL(url.pathname + url.search, stranger.issuer);
      const answer = await signInAtProvider(foreign.toString(), linkedEmail);
      expect(await reason({ token: answer.fields.id_token!, state: answer.fields.state! })).toMatch(/signature/);
    });

    it('a token issued to another client (wrong audience), by the real provider', async () => {
      const { url } = await start('google', 'login');
      url.searchParams.set('client_id', OTHER);
      const answer = await signInAtProvider(url.toString(), linkedEmail);
      expect(await reason({ token: answer.fields.id_token!, state: answer.fields.state! })).toMatch(/wrong audience/);
    });

    it('a token naming another issuer', async () => {
      const { state, nonce } = await start('google', 'login');
      expect(await reason({ token: await craft(op.signingKey, nonce, { sub: linkedEmail, iss: stranger.issuer }), state })).toMatch(
        /wrong issuer/,
      );
    });

    it('an expired token, one issued too long ago, one issued in the future', async () => {
      const now = Math.floor(Date.now() / 1000);
      const a = await start('google', 'login');
      expect(await reason({ token: await craft(op.signingKey, a.nonce, { sub: linkedEmail, iat: now - 3600, exp: now - 1800 }), state: a.state })).toMatch(
        /expired/,
      );
      const b = await start('google', 'login');
      expect(await reason({ token: await craft(op.signingKey, b.nonce, { sub: linkedEmail, iat: now - 3600, exp: now + 600 }), state: b.state })).toMatch(
        /issued too long ago/,
      );
      const c = await start('google', 'login');
      expect(await reason({ token: await craft(op.signingKey, c.nonce, { sub: linkedEmail, iat: now + 3600, exp: now + 4000 }), state: c.state })).toMatch(
        /issued in the future/,
      );
    });

    it('a wrong nonce, a token of another request, a reused state, an unknown state, a state of another intent', async () => {
      const a = await start('google', 'login');
      expect(await reason({ token: await craft(op.signingKey, 'not-the-nonce', { sub: linkedEmail }), state: a.state })).toMatch(/nonce/);
      // The refused attempt spent its state: even the right token cannot use it now.
      const b = await start('google', 'login');
      const good = await craft(op.signingKey, b.nonce, { sub: linkedEmail });
      expect(await reason({ token: good, state: a.state })).toMatch(/already used/);
      // A real answer carried to another request's state: its nonce is not that request's.
      const first = await google(linkedEmail);
      const second = await start('google', 'login');
      expect(await reason({ token: first.token, state: second.state })).toMatch(/nonce/);
      // Used once, refused after.
      const ok = await google(linkedEmail);
      expect((await socialLogin('google', ok)).statusCode).toBe(200);
      expect(await reason(ok)).toMatch(/already used/);
      expect(await reason({ token: ok.token, state: 'x'.repeat(43) })).toMatch(/unknown/);
      // A connect or sign-up request is not a sign-in.
      const connect = await google(linkedEmail, 'connect');
      expect(await reason(connect)).toMatch(/unknown|used/);
      // The right token on its own state still works.
      expect((await socialLogin('google', { token: good, state: b.state })).statusCode).toBe(200);
    });

    it('garbage that is not a token', async () => {
      const { state } = await start('google', 'login');
      expect(await reason({ token: 'not.a.token-at-all', state })).toMatch(/not a valid identity token/);
    });
  });
});

describe('social login without configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows no provider and answers 404 to every provider call', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/social/providers' })).json()).toEqual({ google: false, apple: false });
    const { token } = await signUp(t);
    const body = { token: 'a.b.c-not-a-token', state: 'x'.repeat(43) };
    const calls = [
      t.app.inject({ method: 'POST', url: '/api/auth/social/start', payload: { provider: 'google', intent: 'login' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/social/start', payload: { provider: 'apple', intent: 'signup' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/google', payload: body }),
      t.app.inject({ method: 'POST', url: '/api/auth/apple', payload: body }),
      t.app.inject({ method: 'GET', url: `/api/apple/login/callback?key=${'k'.repeat(43)}` }),
      t.app.inject({
        method: 'POST',
        url: '/api/apple/login/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id_token=a.b.c&state=s',
      }),
      t.app.inject({ method: 'GET', url: '/api/google/login/status', headers: authed(token) }),
      t.app.inject({ method: 'POST', url: '/api/google/login/connect', headers: authed(token), payload: body }),
      t.app.inject({ method: 'POST', url: '/api/apple/login/disconnect', headers: authed(token) }),
    ];
    for (const res of await Promise.all(calls)) expectError(res, 404, 'NOT_FOUND');
    const user = uniqueUser();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v2/signup',
      payload: { ...user, socialToken: { provider: 'google', ...body } },
    });
    expectError(signup, 404, 'NOT_FOUND');
    const status = await t.app.inject({ method: 'GET', url: '/api/share/social/status', headers: authed(token) });
    expect(status.json()).toEqual({ google: { connected: false, email: null }, apple: { connected: false, email: null } });
  });
});
