import type { Executor } from '../../infra/db/executor.js';
import type { OperatorAudit, OperatorAuditTable } from './audit.table.js';

/**
 * Claims the next seq and the previous hash in one statement. On PostgreSQL the UPDATE locks the head row until the
 * writer's transaction ends, so concurrent writers queue here and each sees the one before it (SQLite's writers are
 * serial already).
 */
export const advanceHead = (db: Executor) =>
  db
    .updateTable('operator_audit_head')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();

export const setHeadHash = (db: Executor, seq: number, hash: string) =>
  db.updateTable('operator_audit_head').set({ hash }).where('id', '=', 1).where('seq', '=', seq).execute();

export const getHead = (db: Executor) => db.selectFrom('operator_audit_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirstOrThrow();

export async function insert(db: Executor, row: OperatorAuditTable): Promise<void> {
  await db.insertInto('operator_audit').values(row).execute();
}

export interface AuditFilter {
  before?: number;
  operatorId?: string;
  accountId?: string;
  action?: string;
}

/** Newest first, keyset on seq. */
export const list = (db: Executor, f: AuditFilter, limit: number): Promise<OperatorAudit[]> =>
  db
    .selectFrom('operator_audit')
    .selectAll()
    .$if(f.before !== undefined, (q) => q.where('seq', '<', f.before!))
    .$if(f.operatorId !== undefined, (q) => q.where('operator_id', '=', f.operatorId!))
    .$if(f.accountId !== undefined, (q) => q.where('account_id', '=', f.accountId!))
    .$if(f.action !== undefined, (q) => q.where('action', '=', f.action!))
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();

/** Oldest first from `after`, a batch at a time (verification). */
export const batchAfter = (db: Executor, after: number, limit: number): Promise<OperatorAudit[]> =>
  db.selectFrom('operator_audit').selectAll().where('seq', '>', after).orderBy('seq', 'asc').limit(limit).execute();
