import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresAdapter, sql } from 'kysely';
import { authed, DIALECTS, expectError, lastCodeFor, login, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';
import { blobsOf, content, uploadApi } from '../upload/upload.fixtures.js';
import { filesApi } from '../files/files.fixtures.js';
import { linkApi } from '../public-links/public-links.fixtures.js';
import { prefixQuery, SEARCH_COLUMNS } from '../account/account.search.js';
import { OPERATOR, opsService } from './ops-subscribers.fixtures.js';

const GIB = 1024 ** 3;
const HOUR = 3_600_000;

describe.each(DIALECTS)('operator console: subscribers (%s)', (dialect) => {
  let t: TestApp;
  let now = Date.UTC(2027, 0, 10, 9);
  const clock = () => now;
  let ops: ReturnType<typeof opsService>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { CAPTCHA_FAILURE_THRESHOLD: '1000', LOGIN_LOCKOUT_THRESHOLD: '3' }, { clock });
    ops = opsService(t, clock);
  });
  afterAll(() => t.close());

  const person = (name: string, surname: string) => ({ ...uniqueUser(), name, surname });

  it('finds subscribers by phone prefix, e-mail prefix, Turkish-folded name and id', async () => {
    const ilgin = await signUp(t, person('ILGIN', 'Öztürk'));
    const sule = await signUp(t, person('Şule', 'Işık'));
    const ids = async (q: string) => (await ops.service.search(q, 20)).map((s) => s.id);

    expect(await ids('ılgın')).toContain(ilgin.accountId);
    expect(await ids('Ilgın Öz')).toContain(ilgin.accountId);
    expect(await ids('sule')).toContain(sule.accountId);
    expect(await ids('isik')).toContain(sule.accountId);
    expect(await ids('ŞULE')).not.toContain(ilgin.accountId);
    // Phone: national with the trunk 0, spaced; international with + and with 00.
    const national = ilgin.user.phoneNumber;
    expect(await ids(`0${national.slice(0, 3)} ${national.slice(3, 7)}`)).toContain(ilgin.accountId);
    expect(await ids(`+90${national.slice(0, 6)}`)).toContain(ilgin.accountId);
    expect(await ids(`0090${national}`)).toEqual([ilgin.accountId]);
    // E-mail prefix, any case.
    expect(await ids(ilgin.user.email.slice(0, 10).toUpperCase())).toContain(ilgin.accountId);
    expect(await ids(ilgin.user.email)).toEqual([ilgin.accountId]);
    expect(await ids(sule.accountId)).toEqual([sule.accountId]);
    expect(await ids('zzzz-nobody')).toEqual([]);

    const [hit] = await ops.service.search(sule.accountId, 1);
    expect(hit).toMatchObject({ name: 'Şule', surname: 'Işık', email: sule.user.email, phone: `+90${sule.user.phoneNumber}`, status: 'ACTIVE', planCode: null });
  });

  it('reads every search key through its index, never a scan of the account table', async () => {
    const db = t.database.db;
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const column of SEARCH_COLUMNS) {
      const q = prefixQuery(db, column, '5', 20).compile();
      const plan = await db.transaction().execute(async (trx) => {
        // A test database is tiny, where a scan is cheapest; what matters is that the index can answer the range.
        if (pg) await sql`set local enable_seqscan = off`.execute(trx);
        const explained = pg ? `explain ${q.sql}` : `explain query plan ${q.sql}`;
        const res = await trx.executeQuery({ ...q, sql: explained });
        return (res.rows as Array<Record<string, unknown>>).map((r) => String(r['QUERY PLAN'] ?? r.detail)).join('\n');
      });
      const index = column === 'phone_number' ? 'account_national_phone' : `account_${column}`;
      expect(plan, column).toContain(index);
      expect(plan, column).not.toMatch(/Seq Scan|SCAN account(?! USING)/);
      // The index order is the answer's order: no sort step.
      expect(plan, column).not.toMatch(/Sort|TEMP B-TREE/);
    }
  });

  it('suspend: sign-in refused, sessions end, links 404, data intact; unsuspend restores', async () => {
    const me = await signUp(t);
    const up = await uploadApi(t, me.token).whole('kept.txt', content(2048), { contentType: 'text/plain' });
    expect(up.statusCode).toBe(201);
    const fileId = up.json().uuid as string;
    const links = linkApi(t);
    const link = await links.owner(me.token).link({ fileUuidList: [fileId], isAlbum: false });
    expect((await links.visitor(link.token).info()).statusCode).toBe(200);
    const blobsBefore = blobsOf(t, me.accountId);
    expect(blobsBefore.length).toBeGreaterThan(0);

    await ops.service.suspend(OPERATOR, me.accountId, 'Fraud report, ticket 123');
    expectError(await login(t, me.user.email, me.user.password), 403, 'ACCOUNT_SUSPENDED');
    // The wrong password says nothing about the suspension.
    expectError(await login(t, me.user.email, 'wrong password 1'), 401, 'INVALID_CREDENTIALS');
    expectError(await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(me.token) }), 401);
    expectError(await links.visitor(link.token).info(), 404);
    expectError(await links.visitor('no-such-token-at-all-0000000000').info(), 404);
    expect((await ops.service.search(me.accountId, 1))[0]!.status).toBe('SUSPENDED');
    await expect(ops.service.suspend(OPERATOR, me.accountId, 'again')).rejects.toMatchObject({ httpStatus: 409 });

    await ops.service.unsuspend(OPERATOR, me.accountId, 'Report cleared');
    const back = await login(t, me.user.email, me.user.password);
    expect(back.statusCode).toBe(200);
    const token = String(back.headers['x-auth-token']);
    expect(await filesApi(t, token).names()).toEqual(['kept.txt']);
    expect(blobsOf(t, me.accountId)).toEqual(blobsBefore);
    expect((await links.visitor(link.token).info()).statusCode).toBe(200);

    const detail = await ops.service.detail(OPERATOR, me.accountId);
    expect(detail.status).toBe('ACTIVE');
    expect((await ops.audited(me.accountId)).filter((r) => r.action !== 'subscriber.view').map((r) => [r.action, r.reason])).toEqual([
      ['subscriber.suspend', 'Fraud report, ticket 123'],
      ['subscriber.unsuspend', 'Report cleared'],
    ]);
    expect(detail.signIns.map((s) => s.result)).toEqual(expect.arrayContaining(['SUCCESS', 'SUSPENDED', 'WRONG_PASSWORD']));
    expect(detail.usage.find((u) => u.kind === 'document')).toEqual({ kind: 'document', files: 1, bytes: 2048 });
    expect(JSON.stringify(detail)).not.toContain('kept.txt');
  });

  it("suspend: the subscriber's private shares answer not found for their recipients too; unsuspend restores them", async () => {
    const [owner, invitee] = [await signUp(t), await signUp(t)];
    const ownerFiles = filesApi(t, owner.token);
    const projectId = await ownerFiles.projectId();
    const folder = await ownerFiles.folder('Holiday');
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: authed(owner.token),
      payload: { items: [folder.uuid], invitees: [invitee.user.email], type: 'VIEWER', duration: 'UNLIMITED' },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const sharedWithMe = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/shares?sharedWith=me', headers: authed(invitee.token) })).json().totalCount as number;
    const browse = () => filesApi(t, invitee.token).v2(projectId, { parentFolderUuid: folder.uuid });
    const viewer = () => t.app.inject({ method: 'GET', url: `/api/viewer/file/${folder.uuid}?lang=en`, headers: authed(invitee.token) });
    expect(await sharedWithMe()).toBe(1);
    expect((await browse()).statusCode).toBe(200);
    expect((await viewer()).statusCode).toBe(200);

    await ops.service.suspend(OPERATOR, owner.accountId, 'Abuse report, ticket 456');
    expect(await sharedWithMe()).toBe(0);
    expectError(await browse(), 404);
    // Not found, as for anything never shared: not "expired" or "no longer shared" (410).
    expect((await viewer()).statusCode).toBe(404);

    await ops.service.unsuspend(OPERATOR, owner.accountId, 'Report cleared');
    expect(await sharedWithMe()).toBe(1);
    expect((await browse()).statusCode).toBe(200);
    expect((await viewer()).statusCode).toBe(200);
  });

  it('suspended between the password and the second step: the right code answers ACCOUNT_SUSPENDED as a password does', async () => {
    const me = await signUp(t);
    await t.database.db.insertInto('two_factor').values({ account_id: me.accountId, enabled: 1, totp_secret: null, totp_pending_secret: null, totp_pending_at: null, totp_last_step: null, updated_at: now }).execute();
    const step = (await login(t, me.user.email, me.user.password)).json() as { twoFactorRequired: boolean; challengeToken: string };
    expect(step.twoFactorRequired).toBe(true);
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/challenge', payload: { challengeToken: step.challengeToken, method: 'SMS' } });
    expect(sent.statusCode, sent.body).toBe(200);
    for (let i = 0; i < 10 && (await t.app.jobs.runDue()) > 0; i++);
    const code = lastCodeFor(t.dataDir, `+90${me.user.phoneNumber}`);
    const complete = (otp: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/2fa/token', payload: { challengeToken: step.challengeToken, method: 'SMS', code: otp } });

    await ops.service.suspend(OPERATOR, me.accountId, 'Fraud report, ticket 789');
    // A wrong code says nothing about the suspension.
    expectError(await complete(code === '000000' ? '111111' : '000000'), 400, 'INVALID_OTP');
    expectError(await complete(code), 403, 'ACCOUNT_SUSPENDED');
    expect((await ops.service.detail(OPERATOR, me.accountId)).signIns.map((s) => s.result)).toContain('SUSPENDED');

    // Refused without spending the challenge: once unsuspended, the same step signs in.
    await ops.service.unsuspend(OPERATOR, me.accountId, 'Report cleared');
    const done = await complete(code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().userUuid).toBe(me.accountId);
  });

  it('bonus quota raises the quota until it expires; read-only follows as with a plan change', async () => {
    const me = await signUp(t);
    const before = await ops.service.detail(OPERATOR, me.accountId);
    expect(before.quota).toMatchObject({ bonusBytes: 0, quotaBytes: before.quota.planQuotaBytes });
    // A scene: the account stores more than its plan allows (as after a downgrade).
    await t.database.db.updateTable('account').set({ used_bytes: before.quota.planQuotaBytes + GIB / 2 }).where('id', '=', me.accountId).execute();
    await t.database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', me.accountId).execute();

    await expect(ops.service.grantQuota(OPERATOR, me.accountId, { bytes: GIB, expiresAt: new Date(now - 1000).toISOString(), reason: 'goodwill' })).rejects.toMatchObject({
      httpStatus: 400,
      field: 'expiresAt',
    });
    await ops.service.grantQuota(OPERATOR, me.accountId, { bytes: GIB, expiresAt: new Date(now + 2 * HOUR).toISOString(), reason: 'Outage compensation' });
    const granted = await ops.service.detail(OPERATOR, me.accountId);
    expect(granted.quota).toMatchObject({ bonusBytes: GIB, quotaBytes: before.quota.planQuotaBytes + GIB });
    expect(granted.status).toBe('ACTIVE');
    expect(granted.grants).toEqual([expect.objectContaining({ bytes: GIB, active: true, endedAt: null })]);
    // The subscriber's own usage answer shows the raised quota.
    const usages = await t.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(me.token) });
    expect(JSON.stringify(usages.json())).toContain(String(before.quota.planQuotaBytes + GIB));

    const expire = async () => {
      await t.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', 'account.quota-grants.expire').where('status', '=', 'queued').execute();
      await t.app.jobs.runDue();
    };
    await expire();
    expect((await ops.service.detail(OPERATOR, me.accountId)).quota.bonusBytes).toBe(GIB);

    now += 3 * HOUR;
    await expire();
    const after = await ops.service.detail(OPERATOR, me.accountId);
    expect(after.quota).toMatchObject({ bonusBytes: 0, quotaBytes: before.quota.planQuotaBytes });
    expect(after.status).toBe('READ_ONLY');
    expect(after.grants[0]).toMatchObject({ active: false, endedAt: new Date(now).toISOString() });
    expect((await ops.audited(me.accountId)).filter((r) => r.action === 'subscriber.quota.grant').map((r) => r.reason)).toEqual(['Outage compensation']);
    // Ended once: another run takes nothing back twice.
    await expire();
    expect((await ops.service.detail(OPERATOR, me.accountId)).quota.quotaBytes).toBe(before.quota.planQuotaBytes);
  });

  it('ends sessions, removes two-factor, lifts a lockout and resends a verification, each audited with its reason', async () => {
    const me = await signUp(t);
    const second = await login(t, me.user.email, me.user.password);
    expect(second.statusCode).toBe(200);

    expect(await ops.service.endSessions(OPERATOR, me.accountId, 'Lost phone')).toEqual({ ended: 2 });
    expectError(await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(me.token) }), 401);

    // Two-factor on (by e-mail codes): a password sign-in then asks for a second step.
    await t.database.db.insertInto('two_factor').values({ account_id: me.accountId, enabled: 1, totp_secret: null, totp_pending_secret: null, totp_pending_at: null, totp_last_step: null, updated_at: now }).execute();
    expect((await login(t, me.user.email, me.user.password)).json()).toMatchObject({ twoFactorRequired: true });
    expect((await ops.service.detail(OPERATOR, me.accountId)).twoFactor).toMatchObject({ enabled: true, methods: ['SMS', 'EMAIL'] });
    await ops.service.removeTwoFactor(OPERATOR, me.accountId, 'Subscriber lost the authenticator', 'Called back on the registered number; birthday matched');
    expect((await ops.service.detail(OPERATOR, me.accountId)).twoFactor).toEqual({ enabled: false, methods: [], recoveryCodesLeft: 0 });
    expect((await login(t, me.user.email, me.user.password)).statusCode).toBe(200);

    for (let i = 0; i < t.config.loginLockoutThreshold; i++) await login(t, me.user.email, `wrong ${i} password`);
    expectError(await login(t, me.user.email, me.user.password), 429, 'ACCOUNT_LOCKED');
    expect((await ops.service.detail(OPERATOR, me.accountId)).lockout?.lockedUntil).not.toBeNull();
    await ops.service.liftLockout(OPERATOR, me.accountId, 'Verified caller');
    expect((await login(t, me.user.email, me.user.password)).statusCode).toBe(200);
    expect((await ops.service.detail(OPERATOR, me.accountId)).signIns.map((s) => s.result)).toContain('LOCKED');

    await t.database.db.updateTable('account').set({ email_verified_at: null }).where('id', '=', me.accountId).execute();
    await ops.service.resendVerification(OPERATOR, me.accountId, 'email', 'Mail did not arrive', 'http://localhost');
    await expect(ops.service.resendVerification(OPERATOR, me.accountId, 'phone', 'Already verified', 'http://localhost')).rejects.toMatchObject({
      httpStatus: 409,
    });

    // A code to an unverified number: the subscriber enters it in settings, without the ticket their own request gets.
    await t.database.db.updateTable('account').set({ phone_verified_at: null }).where('id', '=', me.accountId).execute();
    await ops.service.resendVerification(OPERATOR, me.accountId, 'phone', 'SMS did not arrive', 'http://localhost');
    for (let i = 0; i < 10 && (await t.app.jobs.runDue()) > 0; i++);
    const code = lastCodeFor(t.dataDir, `+90${me.user.phoneNumber}`);
    const relogin = await login(t, me.user.email, me.user.password);
    const verified = await t.app.inject({ method: 'POST', url: '/api/verify/phoneNumber', headers: authed(String(relogin.headers['x-auth-token'])), payload: { otp: code } });
    expect(verified.json()).toEqual({ phoneVerified: true });

    const rows = await ops.audited(me.accountId);
    // Every view is in the log too, without telling the subscriber (no accountId).
    expect(rows.filter((r) => r.action === 'subscriber.view').every((r) => r.account_id === null && r.operator_id === OPERATOR.operatorId)).toBe(true);
    const changes = rows.filter((r) => r.action !== 'subscriber.view');
    expect(changes.map((e) => [e.action, e.reason, e.account_id])).toEqual([
      ['subscriber.sessions.end', 'Lost phone', me.accountId],
      ['subscriber.twofactor.remove', 'Subscriber lost the authenticator', me.accountId],
      ['subscriber.lockout.lift', 'Verified caller', me.accountId],
      ['subscriber.verification.resend', 'Mail did not arrive', me.accountId],
      ['subscriber.verification.resend', 'SMS did not arrive', me.accountId],
    ]);
    // Counts, statuses and ids only: no contact detail of the subscriber in before/after.
    expect(changes.find((e) => e.action === 'subscriber.twofactor.remove')?.after_json).toContain('birthday matched');
    const recorded = JSON.stringify(changes.map((e) => [e.before_json, e.after_json]));
    expect(recorded).not.toContain(me.user.email);
    expect(recorded).not.toContain(me.user.phoneNumber);
  });

  it('an unknown subscriber is 404 for every action', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expect(ops.service.detail(OPERATOR, nobody)).rejects.toMatchObject({ httpStatus: 404 });
    await expect(ops.service.suspend(OPERATOR, nobody, 'reason')).rejects.toMatchObject({ httpStatus: 404 });
    await expect(ops.service.grantQuota(OPERATOR, nobody, { bytes: 1, expiresAt: new Date(now + HOUR).toISOString(), reason: 'reason' })).rejects.toMatchObject({
      httpStatus: 404,
    });
  });
});
