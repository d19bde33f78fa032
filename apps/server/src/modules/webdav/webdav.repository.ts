import type { Executor } from '../../infra/db/executor.js';
import type { AppPasswordTable, DavLockTable, DavPropertyTable } from './webdav.table.js';

// --- app passwords

export const listPasswords = (db: Executor, accountId: string) =>
  db.selectFrom('app_password').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').execute();

export const insertPassword = (db: Executor, row: AppPasswordTable) => db.insertInto('app_password').values(row).execute();

export async function deletePassword(db: Executor, accountId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('app_password').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const findPassword = (db: Executor, accountId: string, tokenHash: string) =>
  db.selectFrom('app_password').selectAll().where('account_id', '=', accountId).where('token_hash', '=', tokenHash).executeTakeFirst();

export const touchPassword = (db: Executor, accountId: string, id: string, at: number) =>
  db.updateTable('app_password').set({ last_used_at: at }).where('account_id', '=', accountId).where('id', '=', id).execute();

export const countPasswords = async (db: Executor, accountId: string) =>
  Number((await db.selectFrom('app_password').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);

// --- failed DAV sign-ins per address, in the request limiter's fixed-window counters (purged with them)

export const failureKey = (ip: string) => `dav-auth:${ip}`;

export async function recentFailures(db: Executor, ip: string, since: number): Promise<number> {
  const row = await db.selectFrom('request_counter').select('count').where('key', '=', failureKey(ip)).where('window_start', '>=', since).executeTakeFirst();
  return Number(row?.count ?? 0);
}

// --- dead properties

export async function listProperties(db: Executor, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('dav_property').selectAll().where('account_id', '=', accountId).where('resource_id', 'in', ids).execute();
}

export async function upsertProperties(db: Executor, rows: readonly DavPropertyTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('dav_property')
    .values([...rows])
    .onConflict((oc) => oc.columns(['account_id', 'resource_id', 'ns', 'name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

export async function deleteProperty(db: Executor, accountId: string, resourceId: string, ns: string, name: string): Promise<void> {
  await db.deleteFrom('dav_property').where('account_id', '=', accountId).where('resource_id', '=', resourceId).where('ns', '=', ns).where('name', '=', name).execute();
}

export async function copyProperties(db: Executor, accountId: string, fromId: string, toId: string): Promise<void> {
  const rows = await listProperties(db, accountId, [fromId]);
  await upsertProperties(db, rows.map((r) => ({ ...r, resource_id: toId })));
}

// --- locks

export const liveLocks = (db: Executor, accountId: string, at: number) =>
  db.selectFrom('dav_lock').selectAll().where('account_id', '=', accountId).where('expires_at', '>', at).execute();

export const getLock = (db: Executor, accountId: string, token: string, at: number) =>
  db.selectFrom('dav_lock').selectAll().where('account_id', '=', accountId).where('token', '=', token).where('expires_at', '>', at).executeTakeFirst();

export const insertLock = (db: Executor, row: DavLockTable) => db.insertInto('dav_lock').values(row).execute();

export const refreshLock = (db: Executor, accountId: string, token: string, expiresAt: number, timeoutSeconds: number) =>
  db.updateTable('dav_lock').set({ expires_at: expiresAt, timeout_seconds: timeoutSeconds }).where('account_id', '=', accountId).where('token', '=', token).execute();

export async function deleteLock(db: Executor, accountId: string, token: string): Promise<boolean> {
  const r = await db.deleteFrom('dav_lock').where('account_id', '=', accountId).where('token', '=', token).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteLocks(db: Executor, accountId: string, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.deleteFrom('dav_lock').where('account_id', '=', accountId).where('token', 'in', tokens).execute();
}

export const deleteExpiredLocks = (db: Executor, at: number) => db.deleteFrom('dav_lock').where('expires_at', '<=', at).execute();

// --- account deletion

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('dav_lock').where('account_id', '=', accountId).execute();
  await db.deleteFrom('dav_property').where('account_id', '=', accountId).execute();
  await db.deleteFrom('app_password').where('account_id', '=', accountId).execute();
}
