import type { Executor } from '../../infra/db/executor.js';
import type { FeedbackState, NewFeedback } from './feedback.table.js';

export async function create(db: Executor, row: NewFeedback): Promise<void> {
  await db.insertInto('support_feedback').values(row).execute();
}

export async function countSince(db: Executor, accountId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('support_feedback')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function getById(db: Executor, id: string) {
  return db.selectFrom('support_feedback').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The inbox's feedback, oldest first (the longest waiting on top). */
export function listForInbox(db: Executor, f: { state?: FeedbackState; language?: string; type?: string; limit: number }) {
  let q = db.selectFrom('support_feedback').selectAll();
  if (f.state) q = q.where('state', '=', f.state);
  if (f.language) q = q.where('language', '=', f.language);
  if (f.type) q = q.where('type', '=', f.type as 'SUGGESTION' | 'COMPLAINT');
  return q.orderBy('created_at', 'asc').orderBy('id').limit(f.limit).execute();
}

export async function setState(db: Executor, id: string, state: FeedbackState): Promise<boolean> {
  const res = await db.updateTable('support_feedback').set({ state }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('support_feedback').where('account_id', '=', accountId).execute();
}
