import type { Executor } from '../../infra/db/executor.js';
import type { FileUpdate } from '../files/file.table.js';

export const getFile = (db: Executor, id: string) => db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst();

/** Records what processing found; false when the row is gone (deleted meanwhile). */
export async function saveMedia(db: Executor, id: string, values: FileUpdate): Promise<boolean> {
  const res = await db.updateTable('file').set(values).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The derivative key of a live file of the account. */
export const getDerivative = (db: Executor, accountId: string, id: string) =>
  db
    .selectFrom('file')
    .select(['thumb_key', 'preview_key'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
