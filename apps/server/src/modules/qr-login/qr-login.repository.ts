import type { Executor } from '../../infra/db/executor.js';
import type { QrLoginStatus, QrLoginTable } from './qr-login.table.js';

export async function create(db: Executor, row: QrLoginTable): Promise<void> {
  await db.insertInto('qr_login').values(row).execute();
}

export const getByTokenHash = (db: Executor, tokenHash: string) =>
  db.selectFrom('qr_login').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const getPendingByCodeHash = (db: Executor, codeHash: string, at: number) =>
  db
    .selectFrom('qr_login')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', at)
    .executeTakeFirst();

/** Approves or rejects a pending, unexpired request once; false when it is not (or no longer) pending. */
export async function decide(db: Executor, codeHash: string, status: Extract<QrLoginStatus, 'APPROVED' | 'REJECTED'>, accountId: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('qr_login')
    .set({ status, account_id: accountId, decided_at: at })
    .where('code_hash', '=', codeHash)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The approved request becomes USED once: only the first poll after approval gets the session. */
export async function markUsed(db: Executor, id: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('qr_login')
    .set({ status: 'USED' })
    .where('id', '=', id)
    .where('status', '=', 'APPROVED')
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records a jti as used; false when it already was (a replay). */
export async function useJti(db: Executor, jtiHash: string, expiresAt: number): Promise<boolean> {
  const res = await db
    .insertInto('silent_login_jti')
    .values({ jti_hash: jtiHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti_hash').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function purgeExpired(db: Executor, at: number): Promise<{ requests: number; jtis: number }> {
  const requests = await db.deleteFrom('qr_login').where('expires_at', '<', at).executeTakeFirst();
  const jtis = await db.deleteFrom('silent_login_jti').where('expires_at', '<', at).executeTakeFirst();
  return { requests: Number(requests.numDeletedRows), jtis: Number(jtis.numDeletedRows) };
}

/** Account deletion: the QR sign-ins it approved (operator tokens' ids name no account). */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('qr_login').where('account_id', '=', accountId).execute();
}
