import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { ContentBlobRow } from './files.table.js';

// Queries of content_blob (issue 35). Taking a row's lock is an UPDATE on both databases: on PostgreSQL a linker's
// UPDATE and a release's UPDATE of the same row wait for each other; SQLite has one writer anyway.

/** Locks the row (touching checked_at) and reads it; undefined when no row names the key. */
export async function lock(db: Executor, key: string, at: number): Promise<ContentBlobRow | undefined> {
  const res = await db.updateTable('content_blob').set({ checked_at: at }).where('key', '=', key).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('content_blob').selectAll().where('key', '=', key).executeTakeFirst();
}

/** One more row names a LIVE blob; false when it is DYING or gone. */
export async function addRef(db: Executor, key: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('content_blob')
    .set((eb) => ({ refs: eb('refs', '+', 1), checked_at: at }))
    .where('key', '=', key)
    .where('state', '=', 'LIVE')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const findLive = (db: Executor, sha256: string, bytes: number) =>
  db
    .selectFrom('content_blob')
    .select('key')
    .where('sha256', '=', sha256)
    .where('bytes', '=', bytes)
    .where('state', '=', 'LIVE')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();

/** Inserts the row unless one names the key already (then false: on PostgreSQL after the other writer committed). */
export async function insert(db: Executor, row: ContentBlobRow): Promise<boolean> {
  const res = await db
    .insertInto('content_blob')
    .values(row)
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function setRefs(db: Executor, key: string, refs: number): Promise<void> {
  await db.updateTable('content_blob').set({ refs }).where('key', '=', key).where('state', '=', 'LIVE').execute();
}

export async function setDying(db: Executor, key: string): Promise<void> {
  await db.updateTable('content_blob').set({ state: 'DYING' }).where('key', '=', key).execute();
}

/** After the blob is gone: its DYING row goes too. */
export async function removeDying(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('content_blob').where('key', '=', key).where('state', '=', 'DYING').execute();
}

export async function rename(db: Executor, from: string, to: string): Promise<void> {
  await db.updateTable('content_blob').set({ key: to }).where('key', '=', from).execute();
}

/**
 * The rows that name the key now (a file's content or derivative, a version's content), of any account and state,
 * except `ignoreAccount`'s (an account being deleted). Read after the lock, so on PostgreSQL it sees every linker that
 * committed before.
 */
export async function countRefs(db: Executor, key: string, ignoreAccount?: string): Promise<number> {
  const files = await db
    .selectFrom('file')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.or([eb('blob_key', '=', key), eb('thumb_key', '=', key), eb('small_thumb_key', '=', key), eb('preview_key', '=', key)]))
    .$if(ignoreAccount !== undefined, (qb) => qb.where('account_id', '!=', ignoreAccount!))
    .executeTakeFirstOrThrow();
  const versions = await db
    .selectFrom('file_version')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('blob_key', '=', key)
    .$if(ignoreAccount !== undefined, (qb) => qb.where('account_id', '!=', ignoreAccount!))
    .executeTakeFirstOrThrow();
  // Composed contents naming it as a part (issue 35), while their composition is LIVE: a composition being released
  // (DYING) or moved away (no row) releases its parts before its part rows go, so they must not keep the parts alive.
  const parts = await db
    .selectFrom('content_part')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('part_key', '=', key)
    .where('composed_key', 'in', (eb) => eb.selectFrom('content_blob').select('key').where('state', '=', 'LIVE'))
    .$if(ignoreAccount !== undefined, (qb) => qb.where('account_id', '!=', ignoreAccount!))
    .executeTakeFirstOrThrow();
  return Number(files.n) + Number(versions.n) + Number(parts.n);
}

/** Part rows of other accounts' compositions follow a part moved out of a deleted account's prefix. */
export async function renamePart(db: Executor, from: string, to: string, accountId: string): Promise<void> {
  await db.updateTable('content_part').set({ part_key: to }).where('part_key', '=', from).where('account_id', '!=', accountId).execute();
}

export async function insertParts(db: Executor, rows: ReadonlyArray<{ composed_key: string; seq: number; account_id: string; part_key: string; part_offset: number; bytes: number }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('content_part').values(rows.slice(i, i + 500)).execute();
}

export async function deleteParts(db: Executor, composedKey: string): Promise<void> {
  await db.deleteFrom('content_part').where('composed_key', '=', composedKey).execute();
}

export const listDying = (db: Executor, limit: number) =>
  db.selectFrom('content_blob').select('key').where('state', '=', 'DYING').orderBy('checked_at').limit(limit).execute();

export const listUnchecked = (db: Executor, before: number, limit: number) =>
  db
    .selectFrom('content_blob')
    .select('key')
    .where('state', '=', 'LIVE')
    .where('checked_at', '<', before)
    .orderBy('checked_at')
    .limit(limit)
    .execute();

/** Bytes stored once but named by more than one file or version: what sharing saves (a roll-up figure, no names). */
export async function savedBytes(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('content_blob')
    // Spelled out: Kysely does not parenthesise a nested binary expression, and `bytes * refs - 1` is not the saving.
    .select(sql<number | string | null>`sum(bytes * (refs - 1))`.as('saved'))
    .where('state', '=', 'LIVE')
    .where('refs', '>', 1)
    .executeTakeFirst();
  return Number(row?.saved ?? 0);
}
