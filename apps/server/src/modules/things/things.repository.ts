import { MEDIA_KIND } from '../files/files.public.js';
import type { Executor } from '../../infra/db/executor.js';
import type { ThingRow } from './things.table.js';

export async function findThing(db: Executor, accountId: string, tag: string): Promise<ThingRow | undefined> {
  return db.selectFrom('thing').selectAll().where('account_id', '=', accountId).where('tag', '=', tag).executeTakeFirst();
}

/** Inserts the thing unless a concurrent transaction did; true when this one did. */
export async function insertThing(db: Executor, thing: ThingRow): Promise<boolean> {
  const res = await db.insertInto('thing').values(thing).onConflict((oc) => oc.columns(['account_id', 'tag']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setFileThing(db: Executor, row: { file_id: string; thing_id: string; account_id: string; score: number }): Promise<void> {
  await db
    .insertInto('file_thing')
    .values(row)
    .onConflict((oc) => oc.columns(['file_id', 'thing_id']).doUpdateSet({ score: row.score }))
    .execute();
}

export async function markScanned(db: Executor, fileId: string, accountId: string, at: number): Promise<void> {
  await db.insertInto('thing_scan').values({ file_id: fileId, account_id: accountId, scanned_at: at }).onConflict((oc) => oc.column('file_id').doNothing()).execute();
}

export async function isScanned(db: Executor, fileId: string): Promise<boolean> {
  return (await db.selectFrom('thing_scan').select('file_id').where('file_id', '=', fileId).executeTakeFirst()) !== undefined;
}

export async function getThings(db: Executor, accountId: string, ids: readonly string[]): Promise<ThingRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('thing').selectAll().where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

const liveImages = (db: Executor) =>
  db
    .selectFrom('file')
    .where('file.status', '=', 'ACTIVE')
    .where('file.hidden', '=', 0)
    .where('file.media_status', '=', 'READY')
    .where('file.media_kind', '=', MEDIA_KIND.image)
    .where('file.preview_key', 'is not', null);

/** Live photos, and how many of them the detector has looked at. */
export async function progress(db: Executor, accountId: string): Promise<{ done: number; total: number }> {
  const row = await liveImages(db)
    .where('file.account_id', '=', accountId)
    .leftJoin('thing_scan', 'thing_scan.file_id', 'file.id')
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.count<number | string>('thing_scan.file_id').as('done')])
    .executeTakeFirstOrThrow();
  return { done: Number(row.done), total: Number(row.total) };
}

/** Photos processed before things existed: READY images never scanned. */
export async function unscanned(db: Executor, limit: number) {
  return liveImages(db)
    .leftJoin('thing_scan', 'thing_scan.file_id', 'file.id')
    .select(['file.id', 'file.account_id'])
    .where('thing_scan.file_id', 'is', null)
    .orderBy('file.id')
    .limit(limit)
    .execute();
}

/** Whether tagging jobs are still waiting or running (the backfill waits for them, so it never queues a photo twice). */
export async function hasPendingJobs(db: Executor, type: string): Promise<boolean> {
  const row = await db.selectFrom('job').select('id').where('type', '=', type).where('status', 'in', ['queued', 'running']).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteAccountThings(db: Executor, accountId: string): Promise<string[]> {
  const ids = await db.selectFrom('thing').select('id').where('account_id', '=', accountId).execute();
  await db.deleteFrom('file_thing').where('account_id', '=', accountId).execute();
  await db.deleteFrom('thing_scan').where('account_id', '=', accountId).execute();
  await db.deleteFrom('thing').where('account_id', '=', accountId).execute();
  return ids.map((r) => r.id);
}
