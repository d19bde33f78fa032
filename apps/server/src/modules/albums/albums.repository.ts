import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { AlbumContentType, AlbumRow, AlbumStatus, AlbumUpdate, NewAlbum } from './albums.table.js';

/** The sort key column of each sortBy; each has a list index (account, content type, status, key, id). */
export const KEY_COLUMN = { lastModifiedDate: 'last_modified_at', label: 'label_key', createdDate: 'created_at' } as const;
export type KeyColumn = (typeof KEY_COLUMN)[keyof typeof KEY_COLUMN];

// Member reads are scoped by the album's owner, never by f.account_id: given a constant account, SQLite's planner
// walks all of the account's files and probes the album for each. Members are always the owner's files (addFiles
// checks it in the same transaction and files never change owner), so the album's scope is the file's scope.

/** A photo's date: EXIF when known, else the upload time (a photo still being processed has no taken_at yet). */
const photoDate = sql<number>`coalesce(f.taken_at, f.created_at)`;

export const getById = (db: Executor, accountId: string, id: string) =>
  db.selectFrom('album').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();

export async function getMany(db: Executor, accountId: string, ids: readonly string[]): Promise<AlbumRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('album').selectAll().where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

export async function insert(db: Executor, row: NewAlbum): Promise<void> {
  await db.insertInto('album').values(row).execute();
}

export async function updateMany(db: Executor, accountId: string, ids: readonly string[], patch: AlbumUpdate): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('album').set(patch).where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Members go with their album (ON DELETE CASCADE). */
export async function deleteMany(db: Executor, accountId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db.deleteFrom('album').where('account_id', '=', accountId).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** One page of the account's albums of a kind and status, read in index order; `limit` is one more than the page. */
export const listPage = (
  db: Executor,
  accountId: string,
  p: { contentType: AlbumContentType; status: AlbumStatus; column: KeyColumn; desc: boolean; offset: number; limit: number },
) =>
  db
    .selectFrom('album')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('content_type', '=', p.contentType)
    .where('status', '=', p.status)
    .orderBy(p.column, p.desc ? 'desc' : 'asc')
    .orderBy('id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();

export interface AlbumStatsRow {
  album_id: string;
  image_count: number;
  video_count: number;
  /** The newest live member. */
  newest_id: string;
}

/**
 * Counts and newest live member of a page of albums (the caller's: the ids come from owner-scoped reads) in one query
 * over the page's members, ranked per album by window functions over narrow keys. Albums without a live member are
 * absent. Only the member and file tables take part, so a planner without statistics has no worse start to pick.
 */
export async function stats(db: Executor, albumIds: readonly string[]): Promise<AlbumStatsRow[]> {
  if (albumIds.length === 0) return [];
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('album_file as af')
        .innerJoin('file as f', 'f.id', 'af.file_id')
        .select([
          'af.album_id',
          'f.id as newest_id',
          sql<number>`row_number() over (partition by af.album_id order by ${photoDate} desc, f.id desc)`.as('member_rank'),
          sql<number>`sum(case when f.content_type like 'image/%' then 1 else 0 end) over (partition by af.album_id)`.as('image_count'),
          sql<number>`sum(case when f.content_type like 'video/%' then 1 else 0 end) over (partition by af.album_id)`.as('video_count'),
        ])
        .where('af.album_id', 'in', albumIds)
        .where('f.status', '=', 'ACTIVE')
        .where('f.hidden', '=', 0)
        .as('ranked'),
    )
    .select(['album_id', 'newest_id', 'image_count', 'video_count'])
    .where('member_rank', '=', 1)
    .execute();
  return rows.map((r) => ({
    album_id: r.album_id,
    newest_id: r.newest_id,
    image_count: Number(r.image_count),
    video_count: Number(r.video_count),
  }));
}

/** Which of these (album, chosen cover) pairs are live memberships: one query for a page's chosen covers. */
export async function liveChosenCovers(db: Executor, pairs: ReadonlyArray<{ albumId: string; fileId: string }>) {
  if (pairs.length === 0) return [];
  return db
    .selectFrom('album_file as af')
    .innerJoin('file as f', 'f.id', 'af.file_id')
    .select(['af.album_id', 'af.file_id'])
    .where(
      'af.album_id',
      'in',
      pairs.map((p) => p.albumId),
    )
    .where(
      'af.file_id',
      'in',
      pairs.map((p) => p.fileId),
    )
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0)
    .execute();
}

/**
 * Ids of a page of an album's live members by photo date; `limit` is one more than the page. Only narrow keys are
 * sorted; the page's rows are read afterwards by primary key.
 */
export async function listMemberIds(
  db: Executor,
  accountId: string,
  albumId: string,
  p: { desc: boolean; offset: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('album_file as af')
    .innerJoin('album as a', 'a.id', 'af.album_id')
    .innerJoin('file as f', 'f.id', 'af.file_id')
    .select('f.id')
    .where('af.album_id', '=', albumId)
    .where('a.account_id', '=', accountId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0)
    .orderBy(photoDate, p.desc ? 'desc' : 'asc')
    .orderBy('f.id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  return rows.map((r) => r.id);
}

/** Every live member's id, newest first (the album zip). */
export async function liveMemberIds(db: Executor, accountId: string, albumId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('album_file as af')
    .innerJoin('album as a', 'a.id', 'af.album_id')
    .innerJoin('file as f', 'f.id', 'af.file_id')
    .select('f.id')
    .where('af.album_id', '=', albumId)
    .where('a.account_id', '=', accountId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0)
    .orderBy(photoDate, 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

export async function isLiveMember(db: Executor, accountId: string, albumId: string, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('album_file as af')
    .innerJoin('album as a', 'a.id', 'af.album_id')
    .innerJoin('file as f', 'f.id', 'af.file_id')
    .select('f.id')
    .where('af.album_id', '=', albumId)
    .where('af.file_id', '=', fileId)
    .where('a.account_id', '=', accountId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Already-members are left as they are (the call is idempotent); answers how many rows were new. */
export async function addMembers(db: Executor, albumId: string, fileIds: readonly string[], at: number): Promise<number> {
  if (fileIds.length === 0) return 0;
  const res = await db
    .insertInto('album_file')
    .values(fileIds.map((file_id) => ({ album_id: albumId, file_id, added_at: at })))
    .onConflict((oc) => oc.columns(['album_id', 'file_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

export async function removeMembers(db: Executor, albumId: string, fileIds: readonly string[]): Promise<number> {
  if (fileIds.length === 0) return 0;
  const res = await db.deleteFrom('album_file').where('album_id', '=', albumId).where('file_id', 'in', fileIds).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Account deletion: its albums and their memberships (another account's album loses the account's files with them). */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  const own = db.selectFrom('album').select('id').where('account_id', '=', accountId);
  await db.deleteFrom('album_file').where('album_id', 'in', own).execute();
  await db
    .deleteFrom('album_file')
    .where('file_id', 'in', db.selectFrom('file').select('id').where('account_id', '=', accountId))
    .execute();
  await db.deleteFrom('album').where('account_id', '=', accountId).execute();
}
