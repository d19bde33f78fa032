import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { compiledOnce } from '../../infra/db/compiled-query.js';
import type { Executor } from '../../infra/db/executor.js';
import { reserveInPool } from './account.family.js';
import { refreshSearchKeys, searchKeys } from './account.search.js';
import type { AccountUpdate, ContactKind, ContactVerificationTable, NewAccount } from './account.table.js';

// The account reads below run on most requests (usages, settings, profile, sign-in): compiled once (issue 18).
const byId = compiledOnce((db, p: { id: string }) => db.selectFrom('account').selectAll().where('id', '=', p.id));
const byEmail = compiledOnce((db, p: { email: string }) => db.selectFrom('account').selectAll().where('email', '=', p.email));
const byPhone = compiledOnce((db, p: { phone: string }) =>
  db.selectFrom('account').selectAll().where('phone_e164', '=', p.phone),
);

export const getById = (db: Executor, id: string) => byId.takeFirst(db, { id });

export const getByEmail = (db: Executor, email: string) => byEmail.takeFirst(db, { email });

export const getByPhoneE164 = (db: Executor, phone: string) => byPhone.takeFirst(db, { phone });

export const listByNationalPhone = (db: Executor, national: string) =>
  db.selectFrom('account').selectAll().where('phone_number', '=', national).limit(2).execute();

export async function create(db: Executor, row: NewAccount): Promise<void> {
  await db.insertInto('account').values({ ...row, ...searchKeys(row) }).execute();
}

// The console's search keys follow these fields (account.search.ts).
const SEARCHED: ReadonlyArray<keyof AccountUpdate> = ['name', 'surname', 'email', 'phone_e164', 'status'];

export async function update(db: Executor, id: string, patch: AccountUpdate): Promise<void> {
  await db.updateTable('account').set(patch).where('id', '=', id).execute();
  if (SEARCHED.some((k) => k in patch)) await refreshSearchKeys(db, id);
}

const authorities = compiledOnce((db, p: { accountId: string }) =>
  db.selectFrom('authority').select('type').where('account_id', '=', p.accountId).orderBy('type'),
);
const settings = compiledOnce((db, p: { accountId: string }) =>
  db.selectFrom('account_setting').select(['param', 'value']).where('account_id', '=', p.accountId).orderBy('param'),
);

export const listAuthorities = (db: Executor, accountId: string) => authorities.execute(db, { accountId });

export const listSettings = (db: Executor, accountId: string) => settings.execute(db, { accountId });

export const getSetting = (db: Executor, accountId: string, param: string) =>
  db
    .selectFrom('account_setting')
    .select(['param', 'value'])
    .where('account_id', '=', accountId)
    .where('param', '=', param)
    .executeTakeFirst();

export async function upsertSetting(db: Executor, accountId: string, param: string, value: string): Promise<void> {
  await db
    .insertInto('account_setting')
    .values({ account_id: accountId, param, value })
    .onConflict((oc) => oc.columns(['account_id', 'param']).doUpdateSet({ value }))
    .execute();
}

// --- quota: every change is one conditional UPDATE, so concurrent uploads and deletions stay exact.

/**
 * Holds `bytes` for an upload in progress; false when used + reserved + bytes would pass the quota. A family member's
 * upload must also fit the family's pool (issue 13): the pool row is locked first, then this account's row.
 */
export async function reserveQuota(db: Executor, accountId: string, bytes: number): Promise<boolean> {
  const pooled = await reserveInPool(db, accountId, bytes, (trx) => reserveOwn(trx, accountId, bytes));
  return pooled ?? reserveOwn(db, accountId, bytes);
}

async function reserveOwn(db: Executor, accountId: string, bytes: number): Promise<boolean> {
  const res = await db
    .updateTable('account')
    .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '+', bytes) }))
    .where('id', '=', accountId)
    .where((eb) => eb(eb(eb('used_bytes', '+', eb.ref('reserved_bytes')), '+', bytes), '<=', eb.ref('quota_bytes')))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const releaseQuota = (db: Executor, accountId: string, bytes: number) =>
  db
    .updateTable('account')
    .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '-', bytes) }))
    .where('id', '=', accountId)
    .execute();

/** Turns a reservation into usage when the upload completes. */
export const commitQuota = (db: Executor, accountId: string, reserved: number, used: number) =>
  db
    .updateTable('account')
    .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '-', reserved), used_bytes: eb('used_bytes', '+', used) }))
    .where('id', '=', accountId)
    .execute();

/** Gives bytes back when files are deleted for good. */
export const freeQuota = (db: Executor, accountId: string, bytes: number) =>
  db
    .updateTable('account')
    .set((eb) => ({ used_bytes: eb('used_bytes', '-', bytes) }))
    .where('id', '=', accountId)
    .execute();

// --- credentials (issue 12): written only through these, by the recovery and credentials modules.

export const setPasswordHash = (db: Executor, id: string, passwordHash: string, at = Date.now()) =>
  update(db, id, { password_hash: passwordHash, updated_at: at });

/** A new (or no) recovery e-mail starts unverified. */
export const setRecoveryEmail = (db: Executor, id: string, email: string | null, at = Date.now()) =>
  update(db, id, { recovery_email: email, recovery_email_verified_at: null, updated_at: at });

/** Marks the recovery e-mail proven, only while it is still the address the link was sent to. */
export async function verifyRecoveryEmail(db: Executor, id: string, email: string, at = Date.now()): Promise<boolean> {
  const res = await db
    .updateTable('account')
    .set({ recovery_email_verified_at: at, updated_at: at })
    .where('id', '=', id)
    .where('recovery_email', '=', email)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- contact verifications (e-mail links and phone codes)

export async function createVerification(db: Executor, row: Insertable<ContactVerificationTable>): Promise<void> {
  await db.insertInto('contact_verification').values(row).execute();
}

export const getVerification = (db: Executor, referenceHash: string) =>
  db.selectFrom('contact_verification').selectAll().where('reference_hash', '=', referenceHash).executeTakeFirst();

export const latestPendingVerification = (db: Executor, accountId: string, kind: ContactKind) =>
  db
    .selectFrom('contact_verification')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A new link or code of a kind supersedes the earlier ones: only the newest can be used. */
export const retirePendingVerifications = (db: Executor, accountId: string, kind: ContactKind, at: number) =>
  db
    .updateTable('contact_verification')
    .set({ used_at: at })
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();

/** Marks it used unless it already was: false means another request used it first. */
export async function useVerification(db: Executor, id: string, at: number): Promise<boolean> {
  const res = await db.updateTable('contact_verification').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const recordVerificationAttempt = (db: Executor, id: string) =>
  db.updateTable('contact_verification').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();

export async function countVerificationsSince(db: Executor, accountId: string, kind: ContactKind, since: number): Promise<number> {
  const row = await db
    .selectFrom('contact_verification')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletion asked for: the account cannot sign in any more, and its e-mail and phone are free for a new sign-up at once
 * (replaced by unique random placeholders that match no real address or number). Nothing else changes until the job.
 */
export async function markDeleted(db: Executor, id: string, at: number): Promise<boolean> {
  const placeholder = randomBytes(8).toString('hex');
  const res = await db
    .updateTable('account')
    .set({
      status: 'DELETED',
      email: `deleted-${placeholder}@deleted.invalid`,
      phone_e164: `x${placeholder}`,
      phone_number: '',
      pending_email: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
  const done = Number(res.numUpdatedRows) === 1;
  if (done) await refreshSearchKeys(db, id);
  return done;
}

export const setSecurityQuestion = (db: Executor, id: string, questionId: number, answerHash: string, at = Date.now()) =>
  update(db, id, { security_question_id: questionId, security_answer_hash: answerHash, updated_at: at });

/** Account deletion, last step: the module's own rows, then the account row itself. */
export async function purgeAccount(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('contact_verification').where('account_id', '=', id).execute();
  await db.deleteFrom('quota_grant').where('account_id', '=', id).execute();
  await db.deleteFrom('account_setting').where('account_id', '=', id).execute();
  await db.deleteFrom('authority').where('account_id', '=', id).execute();
  await db.deleteFrom('account').where('id', '=', id).execute();
}
