import type { Executor } from '../../infra/db/executor.js';
import type { NotificationTable } from './notification.table.js';

export async function create(db: Executor, row: NotificationTable): Promise<void> {
  await db.insertInto('notification').values(row).execute();
}

export const listForAccount = (db: Executor, accountId: string, type: string | undefined, limit: number) =>
  db
    .selectFrom('notification')
    .selectAll()
    .where('account_id', '=', accountId)
    .$if(type !== undefined, (qb) => qb.where('notification_type', '=', type!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const markRead = (db: Executor, accountId: string, id: string) =>
  db
    .updateTable('notification')
    .set({ status: 'READ' })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();

export const deleteMany = (db: Executor, accountId: string, ids: string[]) =>
  db.deleteFrom('notification').where('account_id', '=', accountId).where('id', 'in', ids).executeTakeFirst();

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('notification').where('account_id', '=', accountId).execute();
}
