// The file_activity table: the account's activity feed, written only through files.writer's recordActivity.
import type { Executor } from '../../infra/db/executor.js';
import type { FileActivityTable } from './files.table.js';

export async function insertActivities(db: Executor, rows: readonly FileActivityTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insertInto('file_activity').values(rows.slice(i, i + 500)).execute();
  }
}

export const listActivities = (db: Executor, accountId: string, p: { desc: boolean; offset: number; limit: number }) =>
  db
    .selectFrom('file_activity')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', p.desc ? 'desc' : 'asc')
    .orderBy('id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
