import type { Executor } from '../../infra/db/executor.js';
import type { OperatorRole } from '../../shared/access/operator-roles.js';
import type { Operator, OperatorSessionTable, OperatorSetupTable, OperatorTable } from './operators.table.js';

export const getById = (db: Executor, id: string): Promise<Operator | undefined> =>
  db.selectFrom('operator').selectAll().where('id', '=', id).executeTakeFirst();

export const getByEmail = (db: Executor, email: string): Promise<Operator | undefined> =>
  db.selectFrom('operator').selectAll().where('email', '=', email).executeTakeFirst();

export const list = (db: Executor): Promise<Operator[]> => db.selectFrom('operator').selectAll().orderBy('created_at').orderBy('id').execute();

export async function create(db: Executor, row: OperatorTable): Promise<void> {
  await db.insertInto('operator').values(row).execute();
}

export const update = (db: Executor, id: string, set: Partial<Omit<OperatorTable, 'id'>>) =>
  db.updateTable('operator').set(set).where('id', '=', id).executeTakeFirst();

/** One more failure in a row; returns the count after it. */
export async function addFailure(db: Executor, id: string): Promise<number> {
  const row = await db
    .updateTable('operator')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .returning('failures')
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}

/** Accepts a code's time step only once: false when this step (or a later one) was used already. */
export async function useTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
  const res = await db
    .updateTable('operator')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function createSetup(db: Executor, row: OperatorSetupTable): Promise<void> {
  await db.insertInto('operator_setup').values(row).execute();
}

/** A live set-up link and its operator. */
export const getLiveSetup = (db: Executor, tokenHash: string, at: number) =>
  db
    .selectFrom('operator_setup')
    .innerJoin('operator', 'operator.id', 'operator_setup.operator_id')
    .selectAll('operator')
    .select(['operator_setup.expires_at as setup_expires_at'])
    .where('operator_setup.token_hash', '=', tokenHash)
    .where('operator_setup.used_at', 'is', null)
    .where('operator_setup.expires_at', '>', at)
    .where('operator.status', '=', 'ACTIVE')
    .executeTakeFirst();

/** Marks the link used; false when someone used it first. */
export async function useSetup(db: Executor, tokenHash: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('operator_setup')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A new link replaces the operator's earlier unused ones. */
export const retireSetups = (db: Executor, operatorId: string, at: number) =>
  db.updateTable('operator_setup').set({ used_at: at }).where('operator_id', '=', operatorId).where('used_at', 'is', null).execute();

export async function createSession(db: Executor, row: OperatorSessionTable): Promise<void> {
  await db.insertInto('operator_session').values(row).execute();
}

/** Sessions alive (not ended, seen within the idle time, younger than the absolute limit), of an active operator. */
const liveSessions = (db: Executor, idleSince: number, createdSince: number) =>
  db
    .selectFrom('operator_session')
    .innerJoin('operator', 'operator.id', 'operator_session.operator_id')
    .where('operator_session.ended_at', 'is', null)
    .where('operator_session.last_seen_at', '>', idleSince)
    .where('operator_session.created_at', '>', createdSince)
    .where('operator.status', '=', 'ACTIVE');

/** One read: the live session behind a token. */
export const getLiveSession = (db: Executor, tokenHash: string, idleSince: number, createdSince: number) =>
  liveSessions(db, idleSince, createdSince)
    .select(['operator_session.id', 'operator_session.last_seen_at', 'operator.id as operator_id', 'operator.role', 'operator.email'])
    .where('operator_session.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** The same checks by the session's id (a socket that holds the session re-checks it with this). */
export const getLiveSessionById = (db: Executor, id: string, idleSince: number, createdSince: number) =>
  liveSessions(db, idleSince, createdSince).select(['operator.role']).where('operator_session.id', '=', id).executeTakeFirst();

export const touchSession = (db: Executor, id: string, at: number) =>
  db.updateTable('operator_session').set({ last_seen_at: at }).where('id', '=', id).execute();

export const endSession = (db: Executor, id: string, at: number) =>
  db.updateTable('operator_session').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();

export const endSessionsOf = (db: Executor, operatorId: string, at: number) =>
  db.updateTable('operator_session').set({ ended_at: at }).where('operator_id', '=', operatorId).where('ended_at', 'is', null).execute();

export const setRole = (db: Executor, id: string, role: OperatorRole) => db.updateTable('operator').set({ role }).where('id', '=', id).execute();

/** Active operators holding one of `roles` (the support inbox's reassign list). */
export const listActiveByRoles = (db: Executor, roles: OperatorRole[]) =>
  db.selectFrom('operator').select(['id', 'name', 'role']).where('status', '=', 'ACTIVE').where('role', 'in', roles).orderBy('name').limit(500).execute();
