import type { Executor } from '../../infra/jobs/job-queue.js';
import type { AccountUpdate, NewAccount } from './account.table.js';

export const getById = (db: Executor, id: string) =>
  db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();

export const getByEmail = (db: Executor, email: string) =>
  db.selectFrom('account').selectAll().where('email', '=', email).executeTakeFirst();

export const getByPhoneE164 = (db: Executor, phone: string) =>
  db.selectFrom('account').selectAll().where('phone_e164', '=', phone).executeTakeFirst();

export const listByNationalPhone = (db: Executor, national: string) =>
  db.selectFrom('account').selectAll().where('phone_number', '=', national).limit(2).execute();

export async function create(db: Executor, row: NewAccount): Promise<void> {
  await db.insertInto('account').values(row).execute();
}

export const update = (db: Executor, id: string, patch: AccountUpdate) =>
  db.updateTable('account').set(patch).where('id', '=', id).execute();

export const listAuthorities = (db: Executor, accountId: string) =>
  db.selectFrom('authority').select('type').where('account_id', '=', accountId).orderBy('type').execute();

export const listSettings = (db: Executor, accountId: string) =>
  db.selectFrom('account_setting').select(['param', 'value']).where('account_id', '=', accountId).orderBy('param').execute();

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
