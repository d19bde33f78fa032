import { compiledOnce } from '../../infra/db/compiled-query.js';
import type { Executor } from '../../infra/db/executor.js';
import type { SessionTable, RememberMeTokenTable, SignInEventTable } from './auth.table.js';
import { keyEndsWithAny } from '../../infra/db/counter-keys.js';
import type { PurgedAccount } from '../../infra/module-manifest.js';

export async function createSession(db: Executor, row: SessionTable): Promise<void> {
  await db.insertInto('session').values(row).execute();
}

// The account's columns come with the session in one read: every private request runs this, so it is compiled once.
// The storage counters come along too, so `GET /account/usages` needs no second statement (issue 18).
const liveSessionByHash = compiledOnce((db, p: { tokenHash: string; at: number }) =>
  db
    .selectFrom('session')
    .innerJoin('account', 'account.id', 'session.account_id')
    .select([
      'session.id',
      'session.account_id',
      'session.last_seen_at',
      'session.expires_at',
      'account.status',
      'account.suspended_at',
      'account.project_id',
      'account.used_bytes',
      'account.quota_bytes',
    ])
    .where('session.token_hash', '=', p.tokenHash)
    .where('session.revoked_at', 'is', null)
    .where('session.expires_at', '>', p.at),
);

export const getLiveSessionByHash = (db: Executor, tokenHash: string, at: number) =>
  liveSessionByHash.takeFirst(db, { tokenHash, at });

export const touchSession = (db: Executor, id: string, at: number, expiresAt: number) =>
  db.updateTable('session').set({ last_seen_at: at, expires_at: expiresAt }).where('id', '=', id).execute();

export const revokeSession = (db: Executor, id: string, at: number) =>
  db.updateTable('session').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();

/** The remember-me family a session was opened by (sign-in with remember-me, or a refresh), if any. */
export const getSessionFamily = (db: Executor, id: string) =>
  db.selectFrom('session').select('remember_family').where('id', '=', id).executeTakeFirst();

/** The account is named too: the session cache forgets by the ids a change names (infra/db/row-changes.ts). */
export const revokeSessionsOfFamily = (db: Executor, accountId: string, familyId: string, at: number) =>
  db
    .updateTable('session')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('remember_family', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();

/** Every live session of an account but `exceptId`; returns how many ended. */
export async function revokeSessionsOfAccount(db: Executor, accountId: string, at: number, exceptId?: string): Promise<number> {
  let q = db.updateTable('session').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Every live remember-me token of an account but those of `exceptFamily`. */
export const revokeRememberMeOfAccount = (db: Executor, accountId: string, at: number, exceptFamily?: string | null) => {
  let q = db.updateTable('remember_me_token').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (exceptFamily) q = q.where('family_id', '!=', exceptFamily);
  return q.execute();
};

export async function createRememberMe(db: Executor, row: RememberMeTokenTable): Promise<void> {
  await db.insertInto('remember_me_token').values(row).execute();
}

export const getRememberMeByHash = (db: Executor, tokenHash: string) =>
  db.selectFrom('remember_me_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks a remember-me token used, with the seed of its successor; returns false when another request used it first. */
export async function useRememberMe(db: Executor, id: string, at: number, successorSeed: string): Promise<boolean> {
  const res = await db
    .updateTable('remember_me_token')
    .set({ used_at: at, successor_seed: successorSeed })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const revokeFamily = (db: Executor, familyId: string, at: number) =>
  db
    .updateTable('remember_me_token')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();

/** Sessions dead for a day (expired or revoked) and expired remember-me tokens; idempotent, any instance may run it. */
export async function purgeExpired(db: Executor, at: number, grace: number): Promise<{ sessions: number; rememberMe: number }> {
  const sessions = await db
    .deleteFrom('session')
    .where((eb) => eb.or([eb('expires_at', '<', at - grace), eb('revoked_at', '<', at - grace)]))
    .executeTakeFirst();
  const rememberMe = await db.deleteFrom('remember_me_token').where('expires_at', '<', at).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), rememberMe: Number(rememberMe.numDeletedRows) };
}

/** The account's live sessions, most recently used first: its signed-in devices. */
export const listLiveSessions = (db: Executor, accountId: string, at: number) =>
  db
    .selectFrom('session')
    .select(['id', 'device_name', 'device_type', 'created_at', 'last_seen_at'])
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();

/** One live session, only if it is the account's own. */
export const getLiveSessionOfAccount = (db: Executor, accountId: string, id: string, at: number) =>
  db
    .selectFrom('session')
    .select(['id', 'remember_family'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();

/** Account deletion: its two-factor rows, sessions, remember-me tokens and sign-in lockouts. */
export async function purgeAccount(db: Executor, account: PurgedAccount): Promise<void> {
  await db.deleteFrom('sign_in_event').where('account_id', '=', account.id).execute();
  await db.deleteFrom('two_factor_challenge').where('account_id', '=', account.id).execute();
  await db.deleteFrom('two_factor_recovery_code').where('account_id', '=', account.id).execute();
  await db.deleteFrom('two_factor').where('account_id', '=', account.id).execute();
  await db.deleteFrom('remember_me_token').where('account_id', '=', account.id).execute();
  await db.deleteFrom('session').where('account_id', '=', account.id).execute();
  await db.deleteFrom('login_lockout').where(keyEndsWithAny('key', [account.id, account.email, account.phoneE164])).execute();
}

// --- sign-in history (issue 27)

export async function recordSignIn(db: Executor, row: SignInEventTable): Promise<void> {
  await db.insertInto('sign_in_event').values(row).execute();
}

/** The account's latest sign-in attempts, newest first. */
export const listSignIns = (db: Executor, accountId: string, limit: number) =>
  db
    .selectFrom('sign_in_event')
    .select(['at', 'ip', 'device_type', 'result'])
    .where('account_id', '=', accountId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function purgeSignInsBefore(db: Executor, before: number): Promise<number> {
  const res = await db.deleteFrom('sign_in_event').where('at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
