import type { Executor } from '../../infra/db/executor.js';
import type { TwoFactorChallengeTable, TwoFactorTable } from './auth.table.js';

export const get = (db: Executor, accountId: string) =>
  db.selectFrom('two_factor').selectAll().where('account_id', '=', accountId).executeTakeFirst();

/** Writes the given columns of the account's row, creating it (switch off, no secret) when missing. */
export async function upsert(db: Executor, accountId: string, set: Partial<Omit<TwoFactorTable, 'account_id'>>, at: number): Promise<void> {
  await db
    .insertInto('two_factor')
    .values({
      account_id: accountId,
      enabled: 0,
      totp_secret: null,
      totp_pending_secret: null,
      totp_pending_at: null,
      totp_last_step: null,
      ...set,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...set, updated_at: at }))
    .execute();
}

/** Records the accepted time step, only if it is later than the last one: a code counts once, even in a race. */
export async function advanceTotpStep(db: Executor, accountId: string, step: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('two_factor')
    .set({ totp_last_step: step, updated_at: at })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Executor, accountId: string, rows: Array<{ id: string; code_hash: string }>, at: number): Promise<void> {
  await db.deleteFrom('two_factor_recovery_code').where('account_id', '=', accountId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('two_factor_recovery_code')
    .values(rows.map((r) => ({ ...r, account_id: accountId, created_at: at, used_at: null })))
    .execute();
}

export async function countRecoveryCodesLeft(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_code')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Uses up an unused recovery code of the account; false when there is none with this hash (or a race used it). */
export async function useRecoveryCode(db: Executor, accountId: string, codeHash: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('two_factor_recovery_code')
    .set({ used_at: at })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function createChallenge(db: Executor, row: TwoFactorChallengeTable): Promise<void> {
  await db.insertInto('two_factor_challenge').values(row).execute();
}

export const getChallengeByHash = (db: Executor, tokenHash: string) =>
  db.selectFrom('two_factor_challenge').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export async function setChallengeCode(
  db: Executor,
  id: string,
  code: { channel: string; hash: string; expiresAt: number; sends: number },
): Promise<boolean> {
  const res = await db
    .updateTable('two_factor_challenge')
    .set({ code_channel: code.channel, code_hash: code.hash, code_expires_at: code.expiresAt, sends: code.sends })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('sends', '=', code.sends - 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** One more wrong answer; returns the count after it. */
export async function addChallengeAttempt(db: Executor, id: string): Promise<number> {
  const row = await db
    .updateTable('two_factor_challenge')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Marks the challenge used; false when another request completed it first. */
export async function useChallenge(db: Executor, id: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('two_factor_challenge')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Open challenges of an account end when two-factor is switched off or on again. */
export async function endChallengesOfAccount(db: Executor, accountId: string, at: number): Promise<void> {
  await db.updateTable('two_factor_challenge').set({ used_at: at }).where('account_id', '=', accountId).where('used_at', 'is', null).execute();
}

export async function purgeChallenges(db: Executor, before: number): Promise<number> {
  const res = await db.deleteFrom('two_factor_challenge').where('expires_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
