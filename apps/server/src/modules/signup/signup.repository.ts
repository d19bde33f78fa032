import type { Executor } from '../../infra/db/executor.js';
import type { SignupRequestTable } from './signup.table.js';
import type { PurgedAccount } from '../../infra/module-manifest.js';

export async function create(db: Executor, row: SignupRequestTable): Promise<void> {
  await db.insertInto('signup_request').values(row).execute();
}

export const getByReferenceHash = (db: Executor, hash: string) =>
  db.selectFrom('signup_request').selectAll().where('reference_hash', '=', hash).executeTakeFirst();

export const renewOtp = (db: Executor, id: string, otpHash: string, expiresAt: number) =>
  db
    .updateTable('signup_request')
    .set((eb) => ({ otp_hash: otpHash, otp_expires_at: expiresAt, resends: eb('resends', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();

export const recordAttempt = (db: Executor, id: string, lock: boolean) =>
  db
    .updateTable('signup_request')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(lock ? { status: 'LOCKED' as const } : {}) }))
    .where('id', '=', id)
    .execute();

/** Finishes the request once; false when a concurrent validation already did. */
export async function complete(db: Executor, id: string): Promise<boolean> {
  const res = await db
    .updateTable('signup_request')
    .set({ status: 'DONE' })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Sign-ups started more than `age` ago: finished or abandoned, their codes are long dead. */
export async function purgeOlderThan(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('signup_request').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Account deletion: sign-up requests made with its e-mail or phone before the deletion, whatever their state. One made
 * after it is a new sign-up by the same person (the e-mail and phone are free again) and must survive the purge job.
 */
export async function purgeAccount(db: Executor, account: PurgedAccount): Promise<void> {
  await db
    .deleteFrom('signup_request')
    .where((eb) => eb.or([eb('email', '=', account.email), eb('phone_e164', '=', account.phoneE164)]))
    .where('created_at', '<=', account.deletedAt)
    .execute();
}
