import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import { inFamilyLibrary } from './family.library.filters.js';
import type { LibraryCursor } from './family.library.repository.js';

// Family albums (issue 35). An item counts only while it is in the family's library as members see it (inFamilyLibrary),
// read live in every query; stale rows are pruned on write and by the hourly family schedule.

type FileEb = ExpressionBuilder<DB, 'file'>;
const counted = (eb: unknown, familyId: string) => inFamilyLibrary(eb as FileEb, familyId);

/** The family's albums, most recently changed first, with their counted items and their cover's id. */
export function listAlbums(db: Executor, familyId: string, limit: number, albumId?: string) {
  return db
    .selectFrom('family_album')
    .leftJoin('account as creator', 'creator.id', 'family_album.created_by')
    .selectAll('family_album')
    .select(['creator.name as creator_name', 'creator.surname as creator_surname'])
    .select((eb) => [
      eb
        .selectFrom('family_album_file as af')
        .innerJoin('file', 'file.id', 'af.file_id')
        .select((c) => c.fn.countAll().as('n'))
        .whereRef('af.album_id', '=', 'family_album.id')
        .where((c) => counted(c, familyId))
        .as('item_count'),
      eb.fn
        .coalesce(
          // The chosen cover while it counts, else the newest item.
          eb
            .selectFrom('family_album_file as af')
            .innerJoin('file', 'file.id', 'af.file_id')
            .select('file.id')
            .whereRef('af.album_id', '=', 'family_album.id')
            .whereRef('af.file_id', '=', 'family_album.cover_file_id')
            .where((c) => counted(c, familyId))
            .limit(1),
          eb
            .selectFrom('family_album_file as af')
            .innerJoin('file', 'file.id', 'af.file_id')
            .select('file.id')
            .whereRef('af.album_id', '=', 'family_album.id')
            .where((c) => counted(c, familyId))
            .orderBy('file.taken_at', 'desc')
            .orderBy('file.id', 'desc')
            .limit(1),
        )
        .as('cover_id'),
    ])
    .where('family_album.family_id', '=', familyId)
    .$if(albumId !== undefined, (qb) => qb.where('family_album.id', '=', albumId!))
    .orderBy('family_album.modified_at', 'desc')
    .orderBy('family_album.id', 'desc')
    .limit(limit)
    .execute();
}
export type AlbumListRow = Awaited<ReturnType<typeof listAlbums>>[number];

export const getAlbum = (db: Executor, albumId: string) => db.selectFrom('family_album').selectAll().where('id', '=', albumId).executeTakeFirst();

/** File rows by id (the covers of a list). */
export async function filesById(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('file').selectAll().where('id', 'in', ids).execute();
}

/** A page of an album's counted items, newest first (keyset, as the library). */
export function listItems(db: Executor, familyId: string, albumId: string, limit: number, after?: LibraryCursor) {
  return db
    .selectFrom('family_album_file as af')
    .innerJoin('file', 'file.id', 'af.file_id')
    .selectAll('file')
    .where('af.album_id', '=', albumId)
    .where((eb) => counted(eb, familyId))
    .$if(after !== undefined, (qb) =>
      qb
        .where('file.taken_at', '<=', after!.takenAt)
        .where((eb) => eb.or([eb('file.taken_at', '<', after!.takenAt), eb('file.id', '<', after!.id)])),
    )
    .orderBy('file.taken_at', 'desc')
    .orderBy('file.id', 'desc')
    .limit(limit)
    .execute();
}

/** Of these ids, the ones in the family's library as members see it. */
export async function inLibrary(db: Executor, familyId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('file')
    .select('file.id')
    .where('file.id', 'in', ids)
    .where((eb) => counted(eb, familyId))
    .execute();
  return rows.map((r) => r.id);
}

/** Of these ids, the ones that count in the album now. */
export async function countedInAlbum(db: Executor, familyId: string, albumId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('family_album_file as af')
    .innerJoin('file', 'file.id', 'af.file_id')
    .select('file.id')
    .where('af.album_id', '=', albumId)
    .where('af.file_id', 'in', ids)
    .where((eb) => counted(eb, familyId))
    .execute();
  return rows.map((r) => r.id);
}

export async function createAlbum(db: Executor, row: { id: string; family_id: string; name: string; created_by: string; at: number }): Promise<void> {
  await db
    .insertInto('family_album')
    .values({ id: row.id, family_id: row.family_id, name: row.name, created_by: row.created_by, cover_file_id: null, created_at: row.at, modified_at: row.at })
    .execute();
}

export async function updateAlbum(db: Executor, albumId: string, set: { name?: string; cover_file_id?: string | null; modified_at: number }): Promise<void> {
  await db.updateTable('family_album').set(set).where('id', '=', albumId).execute();
}

export async function deleteAlbum(db: Executor, albumId: string): Promise<void> {
  await db.deleteFrom('family_album').where('id', '=', albumId).execute();
}

/** Adds items (already in the album: left as they were, a retry is harmless). */
export async function addItems(db: Executor, albumId: string, fileIds: readonly string[], addedBy: string, at: number): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .insertInto('family_album_file')
    .values(fileIds.map((file_id) => ({ album_id: albumId, file_id, added_by: addedBy, added_at: at })))
    .onConflict((oc) => oc.columns(['album_id', 'file_id']).doNothing())
    .execute();
}

export async function removeItems(db: Executor, albumId: string, fileIds: readonly string[]): Promise<number> {
  if (fileIds.length === 0) return 0;
  const res = await db.deleteFrom('family_album_file').where('album_id', '=', albumId).where('file_id', 'in', fileIds).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Families that have albums (the schedule prunes each). */
export const familiesWithAlbums = (db: Executor, limit: number) =>
  db.selectFrom('family_album').select('family_id').distinct().orderBy('family_id').limit(limit).execute();

/**
 * Deletes the family's album rows whose item no longer counts (removed from the library, trashed, held, or its adder
 * left), and covers that are no longer in their album; `albumId` narrows it to one album. Returns the rows deleted.
 */
export async function pruneStale(db: Executor, familyId: string, albumId?: string): Promise<number> {
  const res = await db
    .deleteFrom('family_album_file')
    .where('album_id', 'in', (eb) =>
      eb
        .selectFrom('family_album')
        .select('family_album.id')
        .where('family_album.family_id', '=', familyId)
        .$if(albumId !== undefined, (qb) => qb.where('family_album.id', '=', albumId!)),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('file')
            .select('file.id')
            .whereRef('file.id', '=', 'family_album_file.file_id')
            .where((c) => counted(c, familyId)),
        ),
      ),
    )
    .executeTakeFirst();
  await db
    .updateTable('family_album')
    .set({ cover_file_id: null })
    .where('family_id', '=', familyId)
    .$if(albumId !== undefined, (qb) => qb.where('id', '=', albumId!))
    .where('cover_file_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('family_album_file')
            .select('family_album_file.file_id')
            .whereRef('family_album_file.album_id', '=', 'family_album.id')
            .whereRef('family_album_file.file_id', '=', 'family_album.cover_file_id'),
        ),
      ),
    )
    .execute();
  return Number(res.numDeletedRows);
}
