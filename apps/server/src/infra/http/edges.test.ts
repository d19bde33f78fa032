import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, lastCodeFor, login, readOutbox, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';
import { content, uploadApi } from '../../modules/upload/upload.fixtures.js';
import { linkApi } from '../../modules/public-links/public-links.fixtures.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

/** The value of one sample line of the exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = line.slice(name.length);
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe.each(DIALECTS)('production edges (%s)', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      { METRICS_TOKEN, LOG_LEVEL: 'debug', LOGIN_LOCKOUT_THRESHOLD: '2', CAPTCHA_FAILURE_THRESHOLD: '1000', PUBLIC_URL: 'https://bulut.example.test' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t?.close());

  it('health: live always; ready while the database, migrations and blob store answer; no session needed, no details', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'UP' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'UP' });
    expect(ready.headers['cache-control']).toBe('no-store');

    // A migration that has not run (as when an older schema is attached): not ready, and the answer says only DOWN.
    const [first] = await t.database.db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never).limit(1).execute() as Array<{ name: string }>;
    await t.database.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', first!.name as never).execute();
    const stale = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({ status: 'DOWN' });
    await t.database.db.insertInto('kysely_migration' as never).values({ name: first!.name, timestamp: new Date().toISOString() } as never).execute();
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('an error body carries the request id that the x-request-id header and the log lines carry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/info' });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'];
    expect(typeof id).toBe('string');
    expect(res.json().requestId).toBe(id);
    const own = lines.map((l) => JSON.parse(l) as { reqId?: string }).filter((l) => l.reqId === id);
    expect(own.length).toBeGreaterThan(0);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(unknown.json().requestId).toBe(unknown.headers['x-request-id']);
  });

  it('metrics: refused without the token; after a workload every family is there with route patterns and status labels', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(404);

    const { user, token } = await signUp(t);
    // Two wrong passwords: two failures, the second starts a lockout (threshold 2); the next try is refused with 429.
    expect((await login(t, user.email, 'wrong password 1', { ip: '10.77.0.1' })).statusCode).toBe(401);
    expect((await login(t, user.email, 'wrong password 2', { ip: '10.77.0.1' })).statusCode).toBe(401);
    expect((await login(t, user.email, user.password, { ip: '10.77.0.1' })).statusCode).toBe(429);
    const up = uploadApi(t, token);
    expect((await up.whole('whole.bin', content(3000))).statusCode).toBe(201);
    const id = randomUUID();
    const body = content(2500);
    expect((await up.piece(id, 'pieces.bin', body.subarray(0, 1000), 0, 2500)).statusCode).toBe(202);
    expect((await up.piece(id, 'pieces.bin', body.subarray(1000), 1000, 2500)).statusCode).toBe(201);
    await t.app.inject({ method: 'GET', url: `/api/v2/files/${randomUUID()}`, headers: authed(token) });
    while ((await t.app.jobs.runDue()) > 0);

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const m = res.body;
    expect(sample(m, 'bulut_http_requests_total', { method: 'POST', route: '/api/auth/token', status: '401' })).toBeGreaterThanOrEqual(2);
    expect(sample(m, 'bulut_http_requests_total', { route: '/api/upload/:uuid', status: '202' })).toBeGreaterThanOrEqual(1);
    expect(sample(m, 'bulut_http_request_duration_seconds_bucket', { route: '/api/upload/:uuid', status: '201', le: '+Inf' })).toBeGreaterThanOrEqual(2);
    // The raw URL (with its uuid) never becomes a label.
    expect(m).not.toContain(id);
    expect(sample(m, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(m, 'bulut_db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
    expect(sample(m, 'bulut_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(m, 'bulut_job_queue_depth', { kind: 'sms.send' })).toBeGreaterThanOrEqual(0);
    expect(sample(m, 'bulut_job_queue_oldest_age_seconds', { kind: 'sms.send' })).toBeGreaterThanOrEqual(0);
    expect(sample(m, 'bulut_job_duration_seconds_count', { kind: 'sms.send', outcome: 'done' })).toBeGreaterThanOrEqual(1);
    expect(m).toContain('# TYPE bulut_job_failures_total counter');
    expect(sample(m, 'bulut_upload_bytes_total', { mode: 'whole' })).toBeGreaterThanOrEqual(3000);
    expect(sample(m, 'bulut_upload_bytes_total', { mode: 'piece' })).toBeGreaterThanOrEqual(2500);
    expect(sample(m, 'bulut_upload_pieces_total')).toBeGreaterThanOrEqual(2);
    expect(sample(m, 'bulut_sign_in_failures_total')).toBeGreaterThanOrEqual(2);
    expect(sample(m, 'bulut_sign_in_lockouts_total')).toBeGreaterThanOrEqual(1);
    expect(sample(m, 'bulut_rate_limit_refusals_total', { route: '/api/auth/token' })).toBeGreaterThanOrEqual(1);
    // Counted by media and vision jobs (metrics.test.ts measures them); the family is always exposed.
    expect(m).toContain('# TYPE bulut_work_cpu_seconds_total counter');
  });

  it('logs at debug level hold no password, token, code or signed URL of a whole session', async () => {
    const secrets = new Set<string>();
    const keep = (v: unknown) => {
      if (typeof v === 'string' && v.length >= 6) secrets.add(v);
    };
    const user = uniqueUser();
    const { token, user: u } = await signUp(t, user);
    keep(token);
    keep(u.password);
    keep(lastCodeFor(t.dataDir, `+${u.countryCode}${u.phoneNumber}`));
    const signedIn = await login(t, u.email, u.password, { rememberMe: true, ip: '10.77.1.1' });
    expect(signedIn.statusCode).toBe(200);
    keep(signedIn.headers['x-auth-token']);
    keep(signedIn.headers['x-remember-me-token']);
    const session = String(signedIn.headers['x-auth-token']);

    const up = uploadApi(t, session);
    const uploaded = await up.whole('holiday.jpg', content(1200));
    expect(uploaded.statusCode).toBe(201);
    const link = await linkApi(t).owner(session).link({ fileUuidList: [uploaded.json().uuid], isAlbum: false });
    keep(link.token);
    const visit = await linkApi(t).visitor(link.token).info();
    expect(visit.statusCode).toBe(200);
    const files = await linkApi(t).visitor(link.token).files();
    expect(files.statusCode).toBe(200);
    const dl = await t.app.inject({
      method: 'POST',
      url: '/api/v2/files/_bulk/create-download-url',
      headers: authed(session),
      payload: [{ projectId: (await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(session) })).json().projectId, uuid: uploaded.json().uuid }],
    });
    if (dl.statusCode === 200) {
      for (const d of dl.json() as Array<{ url: string }>) {
        for (const [, v] of new URL(d.url, 'http://x').searchParams) keep(v);
        expect((await t.app.inject({ method: 'GET', url: d.url })).statusCode).toBe(200);
      }
    }

    // Password recovery by SMS code, then the new password.
    const ip = '10.77.2.1';
    const started = await t.app.inject({ method: 'POST', url: '/api/v2/forgotMyPassword', payload: { username: u.email }, remoteAddress: ip });
    expect(started.statusCode).toBe(200);
    const referenceToken = started.json().referenceToken as string;
    keep(referenceToken);
    await t.app.inject({ method: 'POST', url: '/api/forgotMyPassword/continueWithMsisdn', payload: { referenceToken }, remoteAddress: ip });
    while ((await t.app.jobs.runDue()) > 0);
    const otp = lastCodeFor(t.dataDir, `+${u.countryCode}${u.phoneNumber}`);
    keep(otp);
    const verified = await t.app.inject({ method: 'POST', url: '/api/forgotMyPassword/validatePhoneNumber', payload: { referenceToken, otp }, remoteAddress: ip });
    expect(verified.json().status).toBe('VERIFIED');
    const newPassword = 'a fresh 2027 password';
    keep(newPassword);
    const changed = await t.app.inject({ method: 'POST', url: '/api/forgotMyPassword/change', payload: { referenceToken, password: newPassword }, remoteAddress: ip });
    expect(changed.statusCode).toBe(200);
    // Every link and code the outbox holds for this person (verification links, lockout notes) counts as secret too.
    for (const msg of readOutbox(t.dataDir).filter((m) => m.to === u.email.toLowerCase() || m.to.endsWith(u.phoneNumber))) {
      for (const m of msg.text.matchAll(/[?&=/]([A-Za-z0-9_-]{20,})/g)) keep(m[1]);
      for (const m of msg.text.matchAll(/\b(\d{6})\b/g)) keep(m[1]);
    }

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(50);
    expect(secrets.size).toBeGreaterThanOrEqual(8);
    for (const secret of secrets) expect(log.includes(secret), `a secret of length ${secret.length} is in the logs`).toBe(false);
    // Request lines still say what happened: method, path shape and status.
    expect(log).toContain('"url":"/api/share/visitor"');
    for (const l of lines.map((x) => JSON.parse(x) as { req?: unknown; res?: unknown; reqId?: string })) {
      if (l.req || l.res) expect(l.reqId).toBeTruthy();
    }
  });

  it('once draining, ready is 503 DRAINING while live and the API are still served', async () => {
    t.app.beginDrain();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'DRAINING' });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/health' })).statusCode).toBe(200);
  });
});
