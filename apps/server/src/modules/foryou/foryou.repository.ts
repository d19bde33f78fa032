import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import { MEDIA_KIND, type FileRow } from '../files/files.public.js';
import type { ForyouItemPhotoTable, ForyouItemRow, ForyouKind, NewForyouItem, PhotoQualityTable } from './foryou.table.js';

// --- quality

export async function saveQuality(db: Executor, row: PhotoQualityTable): Promise<void> {
  const { file_id: _id, ...rest } = row;
  await db
    .insertInto('photo_quality')
    .values(row)
    .onConflict((oc) => oc.column('file_id').doUpdateSet(rest))
    .execute();
}

/**
 * Live photos with a preview and no score (processed before this module existed), of accounts with no scoring job
 * waiting or running: a batch for the backfill, which then never queues a photo twice, nor past a deferred account.
 * Each call reads one stretch of at most `scan` file ids after `after` (the id index), so its cost does not grow with
 * the number of files: reading every file each minute took ~150 ms on SQLite's one connection at 100,000 files, in
 * the way of every request (PROFILE in docs/decisions.md, "Search speed"). `next` is where the following call goes
 * on; null: the end was reached (start again from ''). Photos of an account with scoring pending are passed over and
 * found on the next round.
 */
export async function unscored(
  db: Executor,
  jobType: string,
  limit: number,
  after: string,
  scan: number,
): Promise<{ rows: Array<{ id: string; account_id: string }>; next: string | null }> {
  const stretch = await db.selectFrom('file').select('id').where('id', '>', after).orderBy('id').limit(scan).execute();
  if (stretch.length === 0) return { rows: [], next: null };
  const last = stretch[stretch.length - 1]!.id;
  const rows = await db
    .selectFrom('file')
    .leftJoin('photo_quality', 'photo_quality.file_id', 'file.id')
    .select(['file.id', 'file.account_id'])
    .where('file.id', '>', after)
    .where('file.id', '<=', last)
    .where('photo_quality.file_id', 'is', null)
    .where('file.status', '=', 'ACTIVE')
    .where('file.hidden', '=', 0)
    .where('file.media_status', '=', 'READY')
    .where('file.media_kind', 'in', [MEDIA_KIND.image, MEDIA_KIND.video])
    .where('file.preview_key', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('job')
            .select('job.id')
            .where('job.type', '=', jobType)
            .where('job.status', 'in', ['queued', 'running'])
            .whereRef('job.fair_key', '=', 'file.account_id'),
        ),
      ),
    )
    .orderBy('file.id')
    .limit(limit)
    .execute();
  const next = rows.length === limit ? rows[rows.length - 1]!.id : stretch.length < scan ? null : last;
  return { rows, next };
}

// --- the daily ledger

export async function getDay(db: Executor, accountId: string, day: number) {
  return db.selectFrom('foryou_budget').select(['cpu_ms', 'generated_at']).where('account_id', '=', accountId).where('day', '=', day).executeTakeFirst();
}

export async function chargeCpu(db: Executor, accountId: string, day: number, cpuMs: number): Promise<void> {
  await db
    .insertInto('foryou_budget')
    .values({ account_id: accountId, day, cpu_ms: cpuMs, generated_at: null })
    .onConflict((oc) => oc.columns(['account_id', 'day']).doUpdateSet((eb) => ({ cpu_ms: eb('foryou_budget.cpu_ms', '+', cpuMs) })))
    .execute();
}

export async function markGenerated(db: Executor, accountId: string, day: number, at: number): Promise<void> {
  await db
    .insertInto('foryou_budget')
    .values({ account_id: accountId, day, cpu_ms: 0, generated_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'day']).doUpdateSet({ generated_at: at }))
    .execute();
}

/** Accounts (not being deleted) whose generation has not run for the day yet. */
export async function accountsToGenerate(db: Executor, day: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('account')
    .leftJoin('foryou_budget', (j) => j.onRef('foryou_budget.account_id', '=', 'account.id').on('foryou_budget.day', '=', day))
    .select('account.id')
    .where('account.status', '!=', 'DELETED')
    .where('foryou_budget.generated_at', 'is', null)
    .orderBy('account.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

// --- candidates

/**
 * The account's photos For-you may use, with their quality: live (ACTIVE, not hidden, READY) photos and videos, not
 * documents, not generated slideshows, not screenshots (a PNG no camera wrote), not kept For-you results.
 */
export function eligible(db: Executor, accountId: string) {
  return db
    .selectFrom('file')
    .leftJoin('photo_quality', 'photo_quality.file_id', 'file.id')
    .where('file.account_id', '=', accountId)
    .where('file.status', '=', 'ACTIVE')
    .where('file.hidden', '=', 0)
    .where('file.media_kind', 'in', [MEDIA_KIND.image, MEDIA_KIND.video])
    .where('file.media_status', '=', 'READY')
    .where('file.document_type', 'is', null)
    .where('file.video_slideshow', '=', 0)
    .where((eb) => eb.or([eb('file.content_type', '!=', 'image/png'), eb('file.camera', 'is not', null)]))
    // Nor what For-you made and the user kept (a saved collage is not material for the next collage).
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('foryou_item').select('foryou_item.id').whereRef('foryou_item.account_id', '=', 'file.account_id').whereRef('foryou_item.saved_ref', '=', 'file.id'))),
    );
}

export interface Candidate {
  id: string;
  taken_day: number;
  taken_at: number;
  score: number | null;
}

/**
 * The account's live photos and videos taken on these days, with their quality score (null: not scored yet). Not
 * documents, not generated slideshows, not screenshots (a PNG no camera wrote). Best first, bounded.
 */
export async function candidates(db: Executor, accountId: string, days: readonly number[], limit: number): Promise<Candidate[]> {
  if (days.length === 0) return [];
  const rows = await eligible(db, accountId)
    .select(['file.id', 'file.taken_day', 'file.taken_at', 'photo_quality.score'])
    .where('file.taken_day', 'in', days)
    // Unscored last on both databases (PostgreSQL sorts NULL first in descending order).
    .orderBy((eb) => eb.fn.coalesce('photo_quality.score', sql.lit(-1)), 'desc')
    .orderBy('file.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, taken_day: Number(r.taken_day), taken_at: Number(r.taken_at ?? 0), score: r.score === null ? null : Number(r.score) }));
}

// --- items

/** Inserts the item with its photos unless one with its key exists; true when this call did. */
export async function insertItem(db: Executor, item: NewForyouItem, fileIds: readonly string[]): Promise<boolean> {
  const res = await db
    .insertInto('foryou_item')
    .values(item)
    .onConflict((oc) => oc.columns(['account_id', 'kind', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const photos: ForyouItemPhotoTable[] = fileIds.map((file_id, position) => ({ item_id: item.id, file_id, position }));
  if (photos.length > 0) await db.insertInto('foryou_item_photo').values(photos).execute();
  return true;
}

/** The account's items of a kind that were not dismissed (each caller adds its own bounds and order). */
export const undismissedItems = (db: Executor, accountId: string, kind: ForyouKind) =>
  db.selectFrom('foryou_item').selectAll().where('account_id', '=', accountId).where('kind', '=', kind).where('status', '!=', 'DISMISSED');

/** The account's items of a kind still showing: not expired, not dismissed; newest first. */
export async function listItems(db: Executor, accountId: string, kind: ForyouKind, at: number, limit: number): Promise<ForyouItemRow[]> {
  return undismissedItems(db, accountId, kind)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .orderBy('created_at', 'desc')
    .orderBy('key')
    .limit(limit)
    .execute();
}

export async function getItem(db: Executor, accountId: string, id: string): Promise<ForyouItemRow | undefined> {
  return db.selectFrom('foryou_item').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export async function setStatus(db: Executor, id: string, status: ForyouItemRow['status']): Promise<void> {
  await db.updateTable('foryou_item').set({ status }).where('id', '=', id).execute();
}

/** The items' photos that are live now (ACTIVE, not hidden), in each item's order. */
export async function livePhotos(db: Executor, itemIds: readonly string[]): Promise<Array<FileRow & { item_id: string }>> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('foryou_item_photo')
    .innerJoin('file', 'file.id', 'foryou_item_photo.file_id')
    .selectAll('file')
    .select('foryou_item_photo.item_id')
    .where('foryou_item_photo.item_id', 'in', itemIds)
    .where('file.status', '=', 'ACTIVE')
    .where('file.hidden', '=', 0)
    .orderBy('foryou_item_photo.item_id')
    .orderBy('foryou_item_photo.position')
    .execute();
}

/** The items' live photos grouped by item, each in its item's order. */
export async function livePhotosByItem(db: Executor, itemIds: readonly string[]): Promise<Map<string, FileRow[]>> {
  const byItem = new Map<string, FileRow[]>();
  for (const { item_id, ...file } of await livePhotos(db, itemIds)) {
    const list = byItem.get(item_id);
    if (list) list.push(file);
    else byItem.set(item_id, [file]);
  }
  return byItem;
}

// --- housekeeping

/** Expired items go, except the ones the user kept (a kept story stays past its expiry). */
/** Deletes expired items not kept (a bounded batch); returns the rendered results they leave, for the blob store. */
export async function deleteExpired(db: Executor, at: number, limit = 1000): Promise<{ deleted: number; resultKeys: string[] }> {
  const rows = await db.selectFrom('foryou_item').select(['id', 'result_key']).where('expires_at', '<=', at).where('status', '!=', 'SAVED').limit(limit).execute();
  if (rows.length === 0) return { deleted: 0, resultKeys: [] };
  const res = await db.deleteFrom('foryou_item').where('id', 'in', rows.map((r) => r.id)).executeTakeFirst();
  return { deleted: Number(res.numDeletedRows), resultKeys: rows.flatMap((r) => (r.result_key ? [r.result_key] : [])) };
}

export async function deleteLedgerBefore(db: Executor, day: number): Promise<void> {
  await db.deleteFrom('foryou_budget').where('day', '<', day).execute();
}

export async function deleteAccountData(db: Executor, accountId: string): Promise<void> {
  const items = db.selectFrom('foryou_item').select('id').where('account_id', '=', accountId);
  await db.deleteFrom('foryou_item_photo').where('item_id', 'in', items).execute();
  await db.deleteFrom('foryou_item').where('account_id', '=', accountId).execute();
  await db.deleteFrom('photo_quality').where('account_id', '=', accountId).execute();
  await db.deleteFrom('foryou_budget').where('account_id', '=', accountId).execute();
}

// --- every kind

/** Whether a generation run for the account is waiting (not yet running): new photos then join that run. */
export async function generationQueued(db: Executor, jobType: string, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('job').select('id').where('type', '=', jobType).where('status', '=', 'queued').where('fair_key', '=', accountId).executeTakeFirst();
  return row !== undefined;
}

/** A page of the account's items of these kinds: offered (NEW/SEEN, not expired) or kept (SAVED); newest first. */
export async function listShelf(db: Executor, accountId: string, kinds: readonly ForyouKind[], saved: boolean, at: number, offset: number, limit: number): Promise<ForyouItemRow[]> {
  let q = db.selectFrom('foryou_item').selectAll().where('account_id', '=', accountId).where('kind', 'in', kinds);
  q = saved
    ? q.where('status', '=', 'SAVED')
    : q.where('status', 'in', ['NEW', 'SEEN']).where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]));
  return q.orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute();
}

/** Marks the item kept, once: false when it was kept (or dismissed) meanwhile. */
export async function markSaved(db: Executor, id: string, ref: string | null): Promise<boolean> {
  const res = await db.updateTable('foryou_item').set({ status: 'SAVED', saved_ref: ref }).where('id', '=', id).where('status', 'in', ['NEW', 'SEEN']).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
