import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { compiledOnce } from '../../infra/db/compiled-query.js';
import type { Executor } from '../../infra/db/executor.js';
import type { Account, AccountStatus } from './account.table.js';

// Family sharing's part of the account (issue 13, owned by the family helper): the flags account info shows, the
// quota a family membership gives the account row, and the pool check a member's reservation passes first.
//
// Lock order, everywhere: the admin's account row, then the family row (a no-op UPDATE locks it on PostgreSQL; SQLite
// serialises writers), then the other members' account rows. The packages capture writes the admin's account row
// before its plan listener reaches the family row, so an admin's own reservation takes its account row first too;
// members' reservations, joining, leaving, limits and plan changes take the family row, then member rows. Two of them
// never wait on each other in opposite orders.

/** What account info says of the family (spec §3/§4): member covers admin too; user member is a member not admin. */
export function familyFlags(a: Pick<Account, 'is_family_member' | 'is_family_admin'>) {
  const member = a.is_family_member === 1;
  const admin = a.is_family_admin === 1;
  return {
    isFamilyMember: member || admin,
    isFamilyAdmin: admin,
    isFamilyUserMember: member && !admin,
    familyStatus: member || admin ? ('ACTIVE' as const) : null,
  };
}

const membership = compiledOnce((db, p: { accountId: string }) =>
  db.selectFrom('family_member').select(['family_id', 'limit_bytes', 'role']).where('account_id', '=', p.accountId),
);

export const familyOf = (db: Executor, accountId: string) => membership.takeFirst(db, { accountId });

export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : (db as Kysely<DB>).transaction().execute(work);
}

/** Locks the family row (the pool) for the rest of the transaction and reads its quota; undefined if it is gone. */
export async function lockPool(trx: Executor, familyId: string): Promise<{ quota_bytes: number } | undefined> {
  const res = await trx
    .updateTable('family')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', familyId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return undefined;
  return trx.selectFrom('family').select('quota_bytes').where('id', '=', familyId).executeTakeFirst();
}

/** Locks an account row for the rest of the transaction (the admin's, before the family row). */
export async function lockAccount(trx: Executor, accountId: string): Promise<void> {
  await trx
    .updateTable('account')
    .set((eb) => ({ reserved_bytes: eb.ref('reserved_bytes') }))
    .where('id', '=', accountId)
    .execute();
}

/** Bytes used and held by every member of the family (the pool's use); read under the pool lock to decide. */
export async function poolUse(db: Executor, familyId: string): Promise<{ used: number; reserved: number }> {
  const row = await db
    .selectFrom('family_member')
    .innerJoin('account', 'account.id', 'family_member.account_id')
    .select((eb) => [eb.fn.sum<number | string | null>('account.used_bytes').as('used'), eb.fn.sum<number | string | null>('account.reserved_bytes').as('reserved')])
    .where('family_member.family_id', '=', familyId)
    .executeTakeFirstOrThrow();
  return { used: Number(row.used ?? 0), reserved: Number(row.reserved ?? 0) };
}

/**
 * Reserves `bytes` for a family member: refused when the pool would pass its quota; the account row's own check (its
 * quota is the member's limit, or the pool) follows in `reserveOwn`. Undefined when the account is in no family.
 */
export async function reserveInPool(
  db: Executor,
  accountId: string,
  bytes: number,
  reserveOwn: (trx: Executor) => Promise<boolean>,
): Promise<boolean | undefined> {
  const seen = await familyOf(db, accountId);
  if (!seen) return undefined;
  return inTransaction(db, async (trx) => {
    if (seen.role === 'ADMIN') await lockAccount(trx, accountId);
    const pool = await lockPool(trx, seen.family_id);
    // Left or dissolved while we waited for the lock: the account's own quota (already restored) decides.
    const now = await familyOf(trx, accountId);
    if (!pool || now?.family_id !== seen.family_id) return reserveOwn(trx);
    const use = await poolUse(trx, seen.family_id);
    // The pool is the family package's quota, not the admin's account quota: a bonus grant (issue 27) is its holder's
    // own room on top of it (the admin's does not enlarge what the members share), so it counts for this account only.
    const own = await trx.selectFrom('account').select('bonus_bytes').where('id', '=', accountId).executeTakeFirst();
    if (use.used + use.reserved + bytes > Number(pool.quota_bytes) + Number(own?.bonus_bytes ?? 0)) return false;
    return reserveOwn(trx);
  });
}

/**
 * Sets what a family membership gives the account row: its flags and quota. Leaving (quota back to the account's own
 * plan) turns an account above it READ_ONLY; one that fits again becomes ACTIVE.
 */
export async function setFamilyMembership(
  trx: Executor,
  accountId: string,
  m: { member: boolean; admin: boolean; quotaBytes: number },
  at: number,
): Promise<void> {
  const row = await trx.selectFrom('account').select(['status', 'used_bytes', 'bonus_bytes']).where('id', '=', accountId).executeTakeFirst();
  if (!row || row.status === 'DELETED') return;
  // Live bonus grants (issue 27) stay on top of whatever quota the membership gives.
  const quota = m.quotaBytes + Number(row.bonus_bytes);
  const status: AccountStatus = Number(row.used_bytes) > quota ? 'READ_ONLY' : 'ACTIVE';
  await trx
    .updateTable('account')
    .set({ is_family_member: m.member ? 1 : 0, is_family_admin: m.admin ? 1 : 0, quota_bytes: quota, status, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}
