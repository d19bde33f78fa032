import type { Executor } from '../../infra/db/executor.js';
import type { AccountDeletionTable } from './account-deletion.table.js';

export async function create(db: Executor, row: AccountDeletionTable): Promise<void> {
  await db.insertInto('account_deletion').values(row).execute();
}

export const getById = (db: Executor, id: string) =>
  db.selectFrom('account_deletion').selectAll().where('id', '=', id).executeTakeFirst();

export const setDone = (db: Executor, id: string, done: string) =>
  db.updateTable('account_deletion').set({ done }).where('id', '=', id).execute();

export const remove = (db: Executor, id: string) => db.deleteFrom('account_deletion').where('id', '=', id).execute();
