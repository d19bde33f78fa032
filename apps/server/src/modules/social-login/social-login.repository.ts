import type { Executor } from '../../infra/db/executor.js';
import type {
  NewSocialCallback,
  SocialIdentityTable,
  SocialIntent,
  SocialLoginStateTable,
  SocialProvider,
  SocialStateStatus,
} from './social-login.table.js';

export async function createState(db: Executor, row: SocialLoginStateTable): Promise<void> {
  await db.insertInto('social_login_state').values(row).execute();
}

export const getStateByHash = (db: Executor, hash: string) =>
  db.selectFrom('social_login_state').selectAll().where('state_hash', '=', hash).executeTakeFirst();

/** Moves a state from one status to another once; false when another request got there first. */
export async function transitionState(
  db: Executor,
  id: string,
  from: SocialStateStatus,
  to: { status: SocialStateStatus; intent?: SocialIntent; subject?: string | null },
): Promise<boolean> {
  const res = await db
    .updateTable('social_login_state')
    .set(to)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const getIdentity = (db: Executor, provider: SocialProvider, subject: string) =>
  db
    .selectFrom('social_identity')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();

export const listIdentitiesOf = (db: Executor, accountId: string) =>
  db.selectFrom('social_identity').selectAll().where('account_id', '=', accountId).execute();

export async function createIdentity(db: Executor, row: SocialIdentityTable): Promise<void> {
  await db.insertInto('social_identity').values(row).execute();
}

export async function deleteIdentity(db: Executor, accountId: string, provider: SocialProvider): Promise<void> {
  await db.deleteFrom('social_identity').where('account_id', '=', accountId).where('provider', '=', provider).execute();
}

export async function createCallback(db: Executor, row: NewSocialCallback): Promise<void> {
  await db.insertInto('social_callback').values(row).execute();
}

/** Reads and deletes a parked answer in one go: a key works once. */
export async function takeCallback(db: Executor, keyHash: string) {
  const row = await db.selectFrom('social_callback').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  if (!row) return undefined;
  const res = await db.deleteFrom('social_callback').where('key_hash', '=', keyHash).executeTakeFirst();
  return Number(res.numDeletedRows) === 1 ? row : undefined;
}

export async function purgeExpired(db: Executor, at: number): Promise<number> {
  const a = await db.deleteFrom('social_login_state').where('expires_at', '<', at).executeTakeFirst();
  const b = await db.deleteFrom('social_callback').where('expires_at', '<', at).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}

/** Account deletion: its Google and Apple identities (states and callbacks name no account and expire). */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('social_identity').where('account_id', '=', accountId).execute();
}
