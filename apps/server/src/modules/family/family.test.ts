import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { content, uploadApi } from '../upload/upload.fixtures.js';
import { planOf } from './family.fixtures.js';
import { OPERATOR, opsService } from '../ops-subscribers/ops-subscribers.fixtures.js';

const FREE = 50_000;
const POOL = 200_000;

describe.each(DIALECTS)('family sharing (%s)', (dialect) => {
  let t: TestApp;
  let plan: ReturnType<typeof planOf>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { FREE_QUOTA_BYTES: String(FREE) });
    plan = planOf(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const person = async () => {
    const s = await signUp(t);
    return { ...s, phone: `+${s.user.countryCode}${s.user.phoneNumber}`, uploads: uploadApi(t, s.token) };
  };
  type Person = Awaited<ReturnType<typeof person>>;
  const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: authed(who.token), ...(payload ? { payload } : {}) });
  const runJobs = async () => {
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
  };
  const tokenSentTo = (to: string) => {
    const msg = readOutbox(t.dataDir).filter((m) => m.to === to).at(-1);
    const token = msg?.text.match(/familyInvitation\?token=([A-Za-z0-9_%-]+)/)?.[1];
    if (!token) throw new Error(`no family invitation sent to ${to}`);
    return decodeURIComponent(token);
  };
  const byPhone = (p: Person) => ({ countryCode: p.user.countryCode, phoneNumber: p.user.phoneNumber });
  const info = async (p: Person) => (await call(p, 'GET', '/account/info')).json();
  const row = (id: string) =>
    t.database.db.selectFrom('account').select(['quota_bytes', 'used_bytes', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

  /** An admin with a family package of POOL bytes and a member who joined by phone. */
  async function family(quota = POOL) {
    const admin = await person();
    const member = await person();
    await plan.familyPackage(admin.accountId, quota);
    const inv = await call(admin, 'POST', '/family/invitations', byPhone(member));
    expect(inv.statusCode, inv.body).toBe(200);
    const res = await call(member, 'POST', `/family/invitations/${inv.json().id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    return { admin, member };
  }

  const buy = async (who: Person, code: string) => {
    const list = (await call(who, 'GET', '/packages')).json().packages as Array<{ id: string; code: string }>;
    const pkg = list.find((p) => p.code === code)!;
    const card = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123', holderName: 'Ayşe Yılmaz' };
    const res = await call(who, 'POST', '/packages/orders', { packageId: pkg.id, idempotencyKey: randomUUID(), payment: { type: 'NEW_CARD', card, saveCard: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('COMPLETED');
  };

  it('buying the family package with a card makes the family; members upload into its pool until it is full', async () => {
    const admin = await person();
    const member = await person();
    const paying = await person();
    await buy(admin, 'FAMILY_2TB_MONTHLY');
    expect(await info(admin)).toMatchObject({ isFamilyAdmin: true, familyStatus: 'ACTIVE' });
    const view = (await call(admin, 'GET', '/family')).json();
    expect(view).toMatchObject({ role: 'ADMIN', maxMembers: 5, pool: { quotaBytes: 2 * 1024 ** 4, usedBytes: 0 } });
    expect((await call(admin, 'GET', '/packages/subscription')).json()).toMatchObject({ familyRole: 'ADMIN' });

    const inv = (await call(admin, 'POST', '/family/invitations', byPhone(member))).json();
    expect((await call(member, 'POST', `/family/invitations/${inv.id}/accept`)).statusCode).toBe(200);
    // Above the member's own free quota: the pool decides.
    expect((await member.uploads.whole('m.bin', content(FREE + 10_000))).statusCode).toBe(201);
    // The pool nearly full (the admin's use, set directly): every member's next upload is refused.
    await t.database.db.updateTable('account').set({ used_bytes: 2 * 1024 ** 4 - FREE - 15_000 }).where('id', '=', admin.accountId).execute();
    expectError(await member.uploads.whole('m2.bin', content(10_000)), 413, 'QUOTA_EXCEEDED');
    expectError(await admin.uploads.whole('a.bin', content(10_000)), 413, 'QUOTA_EXCEEDED');
    expect((await member.uploads.whole('m3.bin', content(4_000))).statusCode).toBe(201);

    // A member who buys a package of their own leaves the family with that package's quota.
    await buy(member, 'STORAGE_50GB_MONTHLY');
    expect(await info(member)).toMatchObject({ isFamilyMember: false, isFamilyUserMember: false, familyStatus: null });
    expect((await row(member.accountId)).quota_bytes).toBe(50 * 1024 ** 3);
    expect((await call(admin, 'GET', '/family')).json().members).toHaveLength(1);

    // Someone paying for a package of their own cannot join.
    await buy(paying, 'STORAGE_50GB_MONTHLY');
    const toPaying = (await call(admin, 'POST', '/family/invitations', byPhone(paying))).json();
    expectError(await call(paying, 'POST', `/family/invitations/${toPaying.id}/accept`), 409, 'HAS_OWN_PACKAGE');
  });

  it('invite by phone: SMS and notification; the invitee sees it, accepts, and both get the flags and the pool', async () => {
    const admin = await person();
    const invitee = await person();
    await plan.familyPackage(admin.accountId, POOL);
    expect(await info(admin)).toMatchObject({ isFamilyMember: true, isFamilyAdmin: true, isFamilyUserMember: false, familyStatus: 'ACTIVE' });

    const inv = await call(admin, 'POST', '/family/invitations', byPhone(invitee));
    expect(inv.statusCode, inv.body).toBe(200);
    expect(inv.json()).toMatchObject({ status: 'PENDING', contactMask: expect.stringMatching(/^\+90 5\*+/) });
    expect(Date.parse(inv.json().expiresAt) - Date.parse(inv.json().createdAt)).toBe(7 * 86_400_000);
    await runJobs();
    expect(tokenSentTo(invitee.phone).length).toBeGreaterThanOrEqual(22);
    const notes = (await call(invitee, 'GET', '/notification/communication/fetch')).json();
    expect(JSON.stringify(notes.filter((n: { type: string }) => n.type === 'FAMILY_INVITATION'))).toContain('Ayşe Yılmaz sizi Bulut aile paketini');
    // The same contact twice is one invitation.
    expectError(await call(admin, 'POST', '/family/invitations', byPhone(invitee)), 409, 'ALREADY_INVITED');

    const received = await call(invitee, 'GET', '/family/invitations/received');
    expect(received.json()).toEqual([{ id: inv.json().id, familyAdminName: 'Ayşe Yılmaz', expiresAt: inv.json().expiresAt }]);
    expect((await call(invitee, 'POST', `/family/invitations/${inv.json().id}/accept`)).statusCode).toBe(200);
    expectError(await call(invitee, 'POST', `/family/invitations/${inv.json().id}/accept`), 409, 'INVITATION_NOT_PENDING');

    expect(await info(invitee)).toMatchObject({ isFamilyMember: true, isFamilyAdmin: false, isFamilyUserMember: true, familyStatus: 'ACTIVE' });
    expect((await row(invitee.accountId)).quota_bytes).toBe(POOL);
    const mine = (await call(invitee, 'GET', '/family')).json();
    expect(mine).toMatchObject({ role: 'MEMBER', status: 'ACTIVE', maxMembers: 5, pool: { quotaBytes: POOL, usedBytes: 0, usagePercent: 0 }, invitations: [] });
    expect(mine.members.map((m: { role: string }) => m.role)).toEqual(['ADMIN', 'MEMBER']);
    const theirs = (await call(admin, 'GET', '/family')).json();
    expect(theirs).toMatchObject({ role: 'ADMIN', invitations: [{ id: inv.json().id, status: 'ACCEPTED' }] });
    expect(theirs.members).toHaveLength(2);
  });

  it('invite by e-mail: the mailed link accepts it; decline, cancel and expiry each end an invitation', async () => {
    const admin = await person();
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    await plan.familyPackage(admin.accountId, POOL);

    const byMail = await call(admin, 'POST', '/family/invitations', { email: a.user.email.toUpperCase() });
    expect(byMail.json()).toMatchObject({ status: 'PENDING', contactMask: expect.stringMatching(/^u\*\*\*@example\.com$/) });
    await runJobs();
    // The e-mail address is not proven (sign-up was by phone), so only the link can accept it.
    expect((await call(a, 'GET', '/family/invitations/received')).json()).toEqual([]);
    expectError(await call(a, 'POST', `/family/invitations/${byMail.json().id}/accept`), 404);
    expectError(await call(a, 'POST', '/family/invitations/accept-token', { token: 'x'.repeat(43) }), 404);
    const ok = await call(a, 'POST', '/family/invitations/accept-token', { token: tokenSentTo(a.user.email) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await info(a)).isFamilyUserMember).toBe(true);

    const toB = (await call(admin, 'POST', '/family/invitations', byPhone(b))).json();
    expect((await call(b, 'POST', `/family/invitations/${toB.id}/decline`)).statusCode).toBe(200);
    expectError(await call(b, 'POST', `/family/invitations/${toB.id}/accept`), 409, 'INVITATION_NOT_PENDING');
    expect((await info(b)).isFamilyMember).toBe(false);

    const toC = (await call(admin, 'POST', '/family/invitations', byPhone(c))).json();
    expect((await call(admin, 'DELETE', `/family/invitations/${toC.id}`)).statusCode).toBe(200);
    expectError(await call(c, 'POST', `/family/invitations/${toC.id}/accept`), 409, 'INVITATION_NOT_PENDING');

    const toD = (await call(admin, 'POST', '/family/invitations', byPhone(d))).json();
    await t.database.db.updateTable('family_invitation').set({ expires_at: Date.now() - 1 }).where('id', '=', toD.id).execute();
    expect((await call(d, 'GET', '/family/invitations/received')).json()).toEqual([]);
    expectError(await call(d, 'POST', `/family/invitations/${toD.id}/accept`), 409, 'INVITATION_EXPIRED');

    const statuses = Object.fromEntries((await call(admin, 'GET', '/family')).json().invitations.map((i: { id: string; status: string }) => [i.id, i.status]));
    expect(statuses).toEqual({ [byMail.json().id]: 'ACCEPTED', [toB.id]: 'DECLINED', [toC.id]: 'CANCELLED', [toD.id]: 'EXPIRED' });
  });

  it('bad input is a 400 that changes nothing; the family size counts pending invitations and follows remote config', async () => {
    const admin = await person();
    await plan.familyPackage(admin.accountId, POOL, 3);
    expectError(await call(admin, 'POST', '/family/invitations', {}), 400, 'VALIDATION_ERROR');
    expectError(await call(admin, 'POST', '/family/invitations', { email: 'a@b.co', countryCode: '90', phoneNumber: '5321234567' }), 400);
    expectError(await call(admin, 'POST', '/family/invitations', { email: 'not-an-address' }), 400);
    expectError(await call(admin, 'POST', '/family/invitations', { countryCode: '90' }), 400);
    expectError(await call(admin, 'POST', '/family/invitations', byPhone(admin)), 400, 'CANNOT_INVITE_SELF');
    expect((await call(admin, 'GET', '/family')).json().invitations).toEqual([]);

    await t.database.db.updateTable('remote_config').set({ value: '2' }).where('name', '=', 'max_family_member_count').execute();
    try {
      expect((await call(admin, 'GET', '/family')).json().maxMembers).toBe(2);
      const [a, b, c] = [await person(), await person(), await person()];
      const first = (await call(admin, 'POST', '/family/invitations', byPhone(a))).json();
      expect((await call(a, 'POST', `/family/invitations/${first.id}/accept`)).statusCode).toBe(200);
      expect((await call(admin, 'POST', '/family/invitations', byPhone(b))).statusCode).toBe(200);
      expectError(await call(admin, 'POST', '/family/invitations', byPhone(c)), 409, 'FAMILY_FULL');
      expectError(await call(admin, 'POST', '/family/invitations', byPhone(a)), 409, 'ALREADY_MEMBER');
    } finally {
      await t.database.db.updateTable('remote_config').set({ value: '5' }).where('name', '=', 'max_family_member_count').execute();
    }
  });

  it('every member uploads into the pool through the upload route, and the pool refuses everyone once full', async () => {
    const { admin, member } = await family();
    expect((await admin.uploads.whole('a.bin', content(90_000))).statusCode).toBe(201);
    // 90 000 is above the member's own free quota (50 000): the pool, not the free quota, decides.
    expect((await member.uploads.whole('m.bin', content(90_000))).statusCode).toBe(201);
    expectError(await member.uploads.whole('m2.bin', content(30_000)), 413, 'QUOTA_EXCEEDED');
    expectError(await admin.uploads.whole('a2.bin', content(30_000)), 413, 'QUOTA_EXCEEDED');
    expect((await member.uploads.whole('m3.bin', content(20_000))).statusCode).toBe(201);
    const view = (await call(admin, 'GET', '/family')).json();
    expect(view.pool).toEqual({ quotaBytes: POOL, usedBytes: 200_000, usagePercent: 100 });
    expect(view.members.map((m: { usedBytes: number }) => m.usedBytes)).toEqual([90_000, 110_000]);
    expect((await call(member, 'GET', '/family')).json().me).toEqual({ usedBytes: 110_000, limitBytes: null, usagePercent: 55 });
  });

  it('concurrent uploads of two members never pass the pool together', async () => {
    const { admin, member } = await family(100_000);
    const other = await person();
    const inv = (await call(admin, 'POST', '/family/invitations', byPhone(other))).json();
    expect((await call(other, 'POST', `/family/invitations/${inv.id}/accept`)).statusCode).toBe(200);
    const results = await Promise.all([
      member.uploads.whole('x.bin', content(40_000)),
      other.uploads.whole('y.bin', content(40_000)),
      admin.uploads.whole('z.bin', content(40_000)),
      member.uploads.whole('w.bin', content(40_000)),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 413, 413]);
    expect((await call(admin, 'GET', '/family')).json().pool.usedBytes).toBe(80_000);
  });

  it("the admin sets a member's limit: uploads past it are refused; limits below use, above the pool or on the admin are not", async () => {
    const { admin, member } = await family();
    expect((await member.uploads.whole('m.bin', content(30_000))).statusCode).toBe(201);
    expectError(await call(admin, 'PUT', `/family/members/${member.accountId}/limit`, { limitBytes: 20_000 }), 409, 'LIMIT_BELOW_USAGE');
    expectError(await call(admin, 'PUT', `/family/members/${member.accountId}/limit`, { limitBytes: POOL + 1 }), 400);
    expectError(await call(admin, 'PUT', `/family/members/${member.accountId}/limit`, { limitBytes: -5 }), 400);
    expectError(await call(admin, 'PUT', `/family/members/${admin.accountId}/limit`, { limitBytes: 40_000 }), 409, 'CANNOT_LIMIT_ADMIN');
    expectError(await call(member, 'PUT', `/family/members/${member.accountId}/limit`, { limitBytes: 190_000 }), 403, 'NOT_FAMILY_ADMIN');
    expect((await call(admin, 'PUT', `/family/members/${member.accountId}/limit`, { limitBytes: 40_000 })).statusCode).toBe(200);
    expectError(await member.uploads.whole('over.bin', content(15_000)), 413, 'QUOTA_EXCEEDED');
    expect((await member.uploads.whole('fits.bin', content(10_000))).statusCode).toBe(201);
    expect((await call(member, 'GET', '/family')).json().me).toEqual({ usedBytes: 40_000, limitBytes: 40_000, usagePercent: 100 });
    expect((await call(admin, 'PUT', `/family/members/${member.accountId}/limit`, { limitBytes: null })).statusCode).toBe(200);
    expect((await member.uploads.whole('again.bin', content(15_000))).statusCode).toBe(201);
  });

  it('a removed member and a member who leaves go back to their own quota, READ_ONLY when above it', async () => {
    const { admin, member } = await family();
    const second = await person();
    const inv = (await call(admin, 'POST', '/family/invitations', byPhone(second))).json();
    expect((await call(second, 'POST', `/family/invitations/${inv.id}/accept`)).statusCode).toBe(200);
    expect((await member.uploads.whole('big.bin', content(60_000))).statusCode).toBe(201);

    expectError(await call(admin, 'POST', '/family/leave'), 409, 'ADMIN_CANNOT_LEAVE');
    expectError(await call(admin, 'DELETE', `/family/members/${admin.accountId}`), 409, 'CANNOT_REMOVE_ADMIN');
    expect((await call(admin, 'DELETE', `/family/members/${member.accountId}`)).statusCode).toBe(200);
    expect(await row(member.accountId)).toEqual({ quota_bytes: FREE, used_bytes: 60_000, status: 'READ_ONLY' });
    expect(await info(member)).toMatchObject({ isFamilyMember: false, isFamilyUserMember: false, familyStatus: null, status: 'READ_ONLY' });
    expectError(await call(admin, 'DELETE', `/family/members/${member.accountId}`), 404);

    expect((await call(second, 'POST', '/family/leave')).statusCode).toBe(200);
    expect(await row(second.accountId)).toEqual({ quota_bytes: FREE, used_bytes: 0, status: 'ACTIVE' });
    expectError(await call(second, 'POST', '/family/leave'), 404);
    expect((await call(admin, 'GET', '/family')).json().members).toHaveLength(1);
  });

  it('when the family package ends, the family dissolves and everyone keeps only their own quota', async () => {
    const { admin, member } = await family();
    const pending = await person();
    const inv = (await call(admin, 'POST', '/family/invitations', byPhone(pending))).json();
    await plan.ends(admin.accountId);
    expect(await info(admin)).toMatchObject({ isFamilyMember: false, isFamilyAdmin: false, familyStatus: null });
    expect(await info(member)).toMatchObject({ isFamilyMember: false, familyStatus: null });
    expect((await row(member.accountId)).quota_bytes).toBe(FREE);
    expect((await call(member, 'GET', '/family')).json()).toMatchObject({ role: null, status: null, members: [] });
    expectError(await call(pending, 'POST', `/family/invitations/${inv.id}/accept`), 404);
  });

  it("deleting accounts: a member's deletion leaves the family; an admin's dissolves it", async () => {
    const drain = async () => {
      for (let i = 0; i < 200 && (await t.app.jobs.runDue()) > 0; i++);
    };
    const remove = (p: Person) => call(p, 'DELETE', '/account/delete', { password: p.user.password, confirmation: 'DELETE' });
    const { admin, member } = await family();
    const second = await person();
    const inv = (await call(admin, 'POST', '/family/invitations', byPhone(second))).json();
    expect((await call(second, 'POST', `/family/invitations/${inv.id}/accept`)).statusCode).toBe(200);

    expect((await remove(second)).statusCode).toBe(202);
    await drain();
    expect((await call(admin, 'GET', '/family')).json().members.map((m: { accountId: string }) => m.accountId)).toEqual([admin.accountId, member.accountId]);

    expect((await remove(admin)).statusCode).toBe(202);
    await drain();
    expect(await info(member)).toMatchObject({ isFamilyMember: false, isFamilyUserMember: false, familyStatus: null });
    expect((await row(member.accountId)).quota_bytes).toBe(FREE);
    expect(await t.database.db.selectFrom('family').selectAll().where('admin_account_id', '=', admin.accountId).execute()).toEqual([]);
  });

  it("roles gate the family: no admin, no invitations; another family's member or invitation is a 404", async () => {
    const one = await family();
    const two = await family();
    const stranger = await person();
    expect((await call(stranger, 'GET', '/family')).json()).toMatchObject({ role: null, status: null, members: [], invitations: [] });
    expectError(await call(stranger, 'POST', '/family/invitations', { email: 'someone@example.com' }), 403, 'NOT_FAMILY_ADMIN');
    expectError(await call(one.member, 'POST', '/family/invitations', byPhone(stranger)), 403, 'NOT_FAMILY_ADMIN');
    expectError(await call(stranger, 'POST', '/family/leave'), 404);

    expectError(await call(one.admin, 'DELETE', `/family/members/${two.member.accountId}`), 404);
    expectError(await call(one.admin, 'PUT', `/family/members/${two.member.accountId}/limit`, { limitBytes: 1000 }), 404);
    const invTwo = (await call(two.admin, 'POST', '/family/invitations', byPhone(stranger))).json();
    expectError(await call(one.admin, 'DELETE', `/family/invitations/${invTwo.id}`), 404);
    // Addressed to the stranger: nobody else can answer it by id, and a member of a family cannot join another.
    expectError(await call(one.member, 'POST', `/family/invitations/${invTwo.id}/accept`), 404);
    expectError(await call(one.member, 'POST', `/family/invitations/${invTwo.id}/decline`), 404);
    const toMember = (await call(two.admin, 'POST', '/family/invitations', byPhone(one.member))).json();
    expectError(await call(one.member, 'POST', `/family/invitations/${toMember.id}/accept`), 409, 'ALREADY_IN_FAMILY');
    // A member sees the admin and themself, never the other members' use.
    const third = await person();
    const inv = (await call(one.admin, 'POST', '/family/invitations', byPhone(third))).json();
    expect((await call(third, 'POST', `/family/invitations/${inv.id}/accept`)).statusCode).toBe(200);
    const seen = (await call(third, 'GET', '/family')).json().members.map((m: { accountId: string }) => m.accountId);
    expect(seen.sort()).toEqual([one.admin.accountId, third.accountId].sort());
  });
  it("an operator's bonus grant is its holder's own room on top of the pool: the admin's does not enlarge what members share", async () => {
    const { admin, member } = await family();
    expect((await admin.uploads.whole('a.bin', content(150_000))).statusCode).toBe(201);
    expect((await member.uploads.whole('m.bin', content(45_000))).statusCode).toBe(201);
    expectError(await admin.uploads.whole('a2.bin', content(10_000)), 413, 'QUOTA_EXCEEDED');

    const ops = opsService(t, Date.now).service;
    await ops.grantQuota(OPERATOR, admin.accountId, { bytes: 30_000, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), reason: 'Outage compensation' });
    // The pool the family sees stays the package's.
    expect((await call(admin, 'GET', '/family')).json().pool.quotaBytes).toBe(POOL);
    expect((await admin.uploads.whole('a2.bin', content(20_000))).statusCode).toBe(201);
    expectError(await member.uploads.whole('m2.bin', content(10_000)), 413, 'QUOTA_EXCEEDED');
    expectError(await admin.uploads.whole('a3.bin', content(20_000)), 413, 'QUOTA_EXCEEDED');
  });
});
