import { sql } from 'kysely';
import type { Executor } from '../../infra/jobs/job-queue.js';
import type { FileRow } from '../files/file.table.js';
import type { AlbumContentType, AlbumRow, AlbumStatus, AlbumUpdate, NewAlbum } from './album.table.js';

/** The sort key column of each sortBy; each has a list index (account, content type, status, key, id). */
export const KEY_COLUMN = { lastModifiedDate: 'last_modified_at', label: 'label_key', createdDate: 'created_at' } as const;
export type KeyColumn = (typeof KEY_COLUMN)[keyof typeof KEY_COLUMN];

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

export type CoverRow = FileRow & { album_id: string; image_count: number; video_count: number };

/**
 * For a page of albums in one query: each album's counts of live (ACTIVE, not hidden) members and its cover, as the
 * file row of the chosen cover when it is live, else of the newest live member. Albums without a live member are absent.
 */
export async function coversAndCounts(db: Executor, accountId: string, albumIds: readonly string[]): Promise<CoverRow[]> {
  if (albumIds.length === 0) return [];
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('album_file as af')
        .innerJoin('album as a', 'a.id', 'af.album_id')
        .innerJoin('file as f', 'f.id', 'af.file_id')
        .selectAll('f')
        .select([
          'af.album_id',
          sql<number>`row_number() over (partition by af.album_id order by case when f.id = a.cover_file_id then 0 else 1 end, ${photoDate} desc, f.id desc)`.as(
            'member_rank',
          ),
          sql<number>`sum(case when f.content_type like 'image/%' then 1 else 0 end) over (partition by af.album_id)`.as('image_count'),
          sql<number>`sum(case when f.content_type like 'video/%' then 1 else 0 end) over (partition by af.album_id)`.as('video_count'),
        ])
        .where('af.album_id', 'in', albumIds)
        .where('a.account_id', '=', accountId)
        .where('f.account_id', '=', accountId)
        .where('f.status', '=', 'ACTIVE')
        .where('f.hidden', '=', 0)
        .as('ranked'),
    )
    .selectAll()
    .where('member_rank', '=', 1)
    .execute();
  return rows.map(({ member_rank: _rank, ...row }) => ({
    ...row,
    image_count: Number(row.image_count),
    video_count: Number(row.video_count),
  })) as CoverRow[];
}

/** A page of an album's live members by photo date; `limit` is one more than the page. */
export const listMembers = (db: Executor, accountId: string, albumId: string, p: { desc: boolean; offset: number; limit: number }) =>
  db
    .selectFrom('album_file as af')
    .innerJoin('file as f', 'f.id', 'af.file_id')
    .selectAll('f')
    .where('af.album_id', '=', albumId)
    .where('f.account_id', '=', accountId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.hidden', '=', 0)
    .orderBy(photoDate, p.desc ? 'desc' : 'asc')
    .orderBy('f.id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();

/** Every live member's id, newest first (the album zip). */
export async function liveMemberIds(db: Executor, accountId: string, albumId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('album_file as af')
    .innerJoin('file as f', 'f.id', 'af.file_id')
    .select('f.id')
    .where('af.album_id', '=', albumId)
    .where('f.account_id', '=', accountId)
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
    .innerJoin('file as f', 'f.id', 'af.file_id')
    .select('f.id')
    .where('af.album_id', '=', albumId)
    .where('af.file_id', '=', fileId)
    .where('f.account_id', '=', accountId)
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
