import { expect } from 'vitest';
import { authed, signUp, type TestApp } from '../../test/harness.js';
import { FamilyService, type PlanChange } from './family.service.js';

/**
 * What the packages module's plan listener does when an account's plan changes, called directly: a test makes a family
 * (or ends one) without a payment. The purchase path itself is covered where packages are merged.
 */
export function planOf(t: TestApp) {
  const service = new FamilyService({
    db: t.database.db,
    messages: undefined as never,
    notifications: undefined as never,
    publicUrl: null,
    freeQuotaBytes: t.config.freeQuotaBytes,
    maxMembersSetting: async () => null,
    hasOwnPackage: async () => false,
  });
  const change = (accountId: string, plan: Partial<PlanChange>) =>
    t.database.db.transaction().execute((trx) =>
      service.onPlanChanged(trx, accountId, { packageId: null, family: false, familyMemberCount: 0, quotaBytes: t.config.freeQuotaBytes, premium: false, ...plan }),
    );
  return {
    familyPackage: (accountId: string, quotaBytes: number, members = 5) =>
      change(accountId, { family: true, familyMemberCount: members, quotaBytes, premium: true }),
    ends: (accountId: string) => change(accountId, {}),
  };
}

/** A new account with the name the family library shows for it ("Added by …") and its project id. */
export async function familyPerson(t: TestApp) {
  const s = await signUp(t);
  const info = (await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(s.token) })).json();
  return { ...s, projectId: info.projectId as string, name: [info.name, info.surname].filter(Boolean).join(' ') as string };
}

/** An admin with a family package of `pool` bytes and `members` new accounts who joined by phone. */
export async function familyOf(t: TestApp, plan: ReturnType<typeof planOf>, pool: number, members = 2) {
  const admin = await familyPerson(t);
  await plan.familyPackage(admin.accountId, pool);
  const joined: Array<Awaited<ReturnType<typeof familyPerson>>> = [];
  for (let i = 0; i < members; i++) {
    const m = await familyPerson(t);
    const payload = { countryCode: m.user.countryCode, phoneNumber: m.user.phoneNumber };
    const inv = await t.app.inject({ method: 'POST', url: '/api/family/invitations', headers: authed(admin.token), payload });
    expect(inv.statusCode, inv.body).toBe(200);
    const accepted = await t.app.inject({ method: 'POST', url: `/api/family/invitations/${inv.json().id}/accept`, headers: authed(m.token) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    joined.push(m);
  }
  return { admin, members: joined };
}

