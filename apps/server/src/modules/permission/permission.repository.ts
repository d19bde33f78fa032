import type { Executor } from '../../infra/db/executor.js';
import type { PermissionType } from './permission.table.js';

export const listCurrent = (db: Executor, accountId: string) =>
  db.selectFrom('account_permission').selectAll().where('account_id', '=', accountId).execute();

export async function setCurrent(db: Executor, accountId: string, type: PermissionType, approved: boolean, at: number): Promise<void> {
  const is_approved = approved ? 1 : 0;
  await db
    .insertInto('account_permission')
    .values({ account_id: accountId, type, is_approved, updated_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'type']).doUpdateSet({ is_approved, updated_at: at }))
    .execute();
}

export async function addHistory(
  db: Executor,
  row: { id: string; account_id: string; type: PermissionType; is_approved: number; ip: string; created_at: number },
): Promise<void> {
  await db.insertInto('permission_history').values(row).execute();
}

export const listHistory = (db: Executor, accountId: string) =>
  db.selectFrom('permission_history').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('permission_history').where('account_id', '=', accountId).execute();
  await db.deleteFrom('account_permission').where('account_id', '=', accountId).execute();
}
