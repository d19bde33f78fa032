import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { eligible, undismissedItems, type Candidate } from './foryou.repository.js';
import type { ForyouItemRow, ForyouKind } from './foryou.table.js';

// The sources of each kind of For-you item (collages, albums, animations, styled photos, stories and videos).

// --- collages and generated albums

export interface LibraryPhoto extends Candidate {
  latitude: number | null;
  longitude: number | null;
  media_kind: number;
  preview_key: string | null;
}

/** The account's eligible photos taken since `since` (epoch ms), newest first, bounded. */
export async function libraryPhotos(db: Executor, accountId: string, since: number, limit: number): Promise<LibraryPhoto[]> {
  const rows = await eligible(db, accountId)
    .select(['file.id', 'file.taken_day', 'file.taken_at', 'file.latitude', 'file.longitude', 'file.media_kind', 'file.preview_key', 'photo_quality.score'])
    .where('file.taken_at', '>=', since)
    .where('file.taken_day', 'is not', null)
    .orderBy('file.taken_at', 'desc')
    .orderBy('file.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    taken_day: Number(r.taken_day),
    taken_at: Number(r.taken_at ?? 0),
    score: r.score === null ? null : Number(r.score),
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    media_kind: Number(r.media_kind),
    preview_key: r.preview_key,
  }));
}

/** Which of these keys the account already has items of this kind under (whatever their status: dismissed ones too). */
export async function existingKeys(db: Executor, accountId: string, kind: ForyouKind, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db.selectFrom('foryou_item').select('key').where('account_id', '=', accountId).where('kind', '=', kind).where('key', 'in', keys.slice(i, i + 500)).execute();
    for (const r of rows) found.add(r.key);
  }
  return found;
}

// --- animations and styled photos

/** A live still photo a generator may use, with what it needs to read its pixels. */
export interface ImageCandidate extends Candidate {
  blob_key: string | null;
  preview_key: string | null;
}

/**
 * The account's eligible still photos with a preview (`eligible`, images only): the latest `limit` by capture time
 * (bursts), or the best `limit` taken on these days (styled offers).
 */
export async function eligibleImages(
  db: Executor,
  accountId: string,
  opts: { order: 'taken_at' | 'score'; days?: readonly number[]; limit: number },
): Promise<ImageCandidate[]> {
  if (opts.days && opts.days.length === 0) return [];
  let q = eligible(db, accountId)
    .select(['file.id', 'file.taken_day', 'file.taken_at', 'photo_quality.score', 'file.blob_key', 'file.preview_key'])
    .where('file.media_kind', '=', MEDIA_KIND.image)
    .where('file.preview_key', 'is not', null)
    .where('file.taken_at', 'is not', null);
  if (opts.days) q = q.where('file.taken_day', 'in', opts.days);
  q =
    opts.order === 'taken_at'
      ? q.orderBy('file.taken_at', 'desc')
      : q.orderBy((eb) => eb.fn.coalesce('photo_quality.score', sql.lit(-1)), 'desc');
  const rows = await q.orderBy('file.id').limit(opts.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    taken_day: Number(r.taken_day),
    taken_at: Number(r.taken_at ?? 0),
    score: r.score === null ? null : Number(r.score),
    blob_key: r.blob_key,
    preview_key: r.preview_key,
  }));
}

/** How many items of this kind whose key starts with `prefix` the account got since `since` (a day's offers). */
export async function countMadeSince(db: Executor, accountId: string, kind: ForyouKind, prefix: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('foryou_item')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('key', 'like', `${prefix}%`)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getItemByKey(db: Executor, accountId: string, kind: ForyouKind, key: string): Promise<ForyouItemRow | undefined> {
  return db.selectFrom('foryou_item').selectAll().where('account_id', '=', accountId).where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
}

export async function deleteItem(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('foryou_item').where('id', '=', id).execute();
}

/** Styled photos the account made this month (YYYYMM, UTC). */
export async function styledUsed(db: Executor, accountId: string, month: number): Promise<number> {
  const row = await db.selectFrom('foryou_styled_use').select('used').where('account_id', '=', accountId).where('month', '=', month).executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** Counts one styled photo against the month's limit; false (and nothing counted) when the limit is reached. */
export async function useStyled(db: Executor, accountId: string, month: number, limit: number): Promise<boolean> {
  await db
    .insertInto('foryou_styled_use')
    .values({ account_id: accountId, month, used: 0 })
    .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
    .execute();
  // One conditional update: two requests racing for the last one cannot both get it.
  const res = await db
    .updateTable('foryou_styled_use')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .where('used', '<', limit)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteStyledUse(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('foryou_styled_use').where('account_id', '=', accountId).execute();
}

// --- stories and memory videos

/** The account's items of a kind made since `since`, not dismissed, newest first, bounded. */
export async function recentItems(db: Executor, accountId: string, kind: ForyouKind, since: number, limit: number): Promise<ForyouItemRow[]> {
  return undismissedItems(db, accountId, kind)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Quality scores of these photos (absent: not scored yet). */
export async function scoresOf(db: Executor, fileIds: readonly string[]): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.selectFrom('photo_quality').select(['file_id', 'score']).where('file_id', 'in', fileIds).execute();
  return new Map(rows.map((r) => [r.file_id, Number(r.score)]));
}
