import type { Executor } from '../../infra/db/executor.js';

export const getById = (db: Executor, id: string) =>
  db.selectFrom('captcha').selectAll().where('id', '=', id).executeTakeFirst();

export async function create(db: Executor, row: { id: string; answer: string; created_at: number; expires_at: number }) {
  await db.insertInto('captcha').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/** Consumes the captcha: only one caller ever gets the row back, whatever the answer was. */
export const consume = (db: Executor, id: string, at: number) =>
  db
    .updateTable('captcha')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('answer')
    .executeTakeFirst();

export const deleteExpired = (db: Executor, at: number) => db.deleteFrom('captcha').where('expires_at', '<', at).execute();
