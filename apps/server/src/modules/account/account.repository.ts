import { compiledOnce } from '../../infra/db/compiled-query.js';
import type { Executor } from '../../infra/db/executor.js';
import type { AccountUpdate, NewAccount } from './account.table.js';

// The account reads below run on most requests (usages, settings, profile, sign-in): compiled once (issue 18).
const byId = compiledOnce((db, p: { id: string }) => db.selectFrom('account').selectAll().where('id', '=', p.id));
const byEmail = compiledOnce((db, p: { email: string }) => db.selectFrom('account').selectAll().where('email', '=', p.email));
const byPhone = compiledOnce((db, p: { phone: string }) =>
  db.selectFrom('account').selectAll().where('phone_e164', '=', p.phone),
);

export const getById = (db: Executor, id: string) => byId.takeFirst(db, { id });

export const getByEmail = (db: Executor, email: string) => byEmail.takeFirst(db, { email });

export const getByPhoneE164 = (db: Executor, phone: string) => byPhone.takeFirst(db, { phone });

export const listByNationalPhone = (db: Executor, national: string) =>
  db.selectFrom('account').selectAll().where('phone_number', '=', national).limit(2).execute();

export async function create(db: Executor, row: NewAccount): Promise<void> {
  await db.insertInto('account').values(row).execute();
}

export const update = (db: Executor, id: string, patch: AccountUpdate) =>
  db.updateTable('account').set(patch).where('id', '=', id).execute();

const authorities = compiledOnce((db, p: { accountId: string }) =>
  db.selectFrom('authority').select('type').where('account_id', '=', p.accountId).orderBy('type'),
);
const settings = compiledOnce((db, p: { accountId: string }) =>
  db.selectFrom('account_setting').select(['param', 'value']).where('account_id', '=', p.accountId).orderBy('param'),
);

export const listAuthorities = (db: Executor, accountId: string) => authorities.execute(db, { accountId });

export const listSettings = (db: Executor, accountId: string) => settings.execute(db, { accountId });

export const getSetting = (db: Executor, accountId: string, param: string) =>
  db
    .selectFrom('account_setting')
    .select(['param', 'value'])
    .where('account_id', '=', accountId)
    .where('param', '=', param)
    .executeTakeFirst();

export async function upsertSetting(db: Executor, accountId: string, param: string, value: string): Promise<void> {
  await db
    .insertInto('account_setting')
    .values({ account_id: accountId, param, value })
    .onConflict((oc) => oc.columns(['account_id', 'param']).doUpdateSet({ value }))
    .execute();
}

// --- quota: every change is one conditional UPDATE, so concurrent uploads and deletions stay exact.

/** Holds `bytes` for an upload in progress; false when used + reserved + bytes would pass the quota. */
export async function reserveQuota(db: Executor, accountId: string, bytes: number): Promise<boolean> {
  const res = await db
    .updateTable('account')
    .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '+', bytes) }))
    .where('id', '=', accountId)
    .where((eb) => eb(eb(eb('used_bytes', '+', eb.ref('reserved_bytes')), '+', bytes), '<=', eb.ref('quota_bytes')))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const releaseQuota = (db: Executor, accountId: string, bytes: number) =>
  db
    .updateTable('account')
    .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '-', bytes) }))
    .where('id', '=', accountId)
    .execute();

/** Turns a reservation into usage when the upload completes. */
export const commitQuota = (db: Executor, accountId: string, reserved: number, used: number) =>
  db
    .updateTable('account')
    .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '-', reserved), used_bytes: eb('used_bytes', '+', used) }))
    .where('id', '=', accountId)
    .execute();

/** Gives bytes back when files are deleted for good. */
export const freeQuota = (db: Executor, accountId: string, bytes: number) =>
  db
    .updateTable('account')
    .set((eb) => ({ used_bytes: eb('used_bytes', '-', bytes) }))
    .where('id', '=', accountId)
    .execute();
