import type { Executor } from '../../infra/db/executor.js';
import type { NewPlace, PlaceRow } from './places.table.js';

export async function findPlace(db: Executor, accountId: string, cityId: number | null, countryCode: string): Promise<PlaceRow | undefined> {
  return db
    .selectFrom('place')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('country_code', '=', countryCode)
    .where('city_id', cityId === null ? 'is' : '=', cityId)
    .executeTakeFirst();
}

/** Inserts the place unless a concurrent transaction already did (either unique index); true when this one did. */
export async function insertPlace(db: Executor, place: NewPlace): Promise<boolean> {
  const res = await db.insertInto('place').values(place).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setFilePlace(db: Executor, fileId: string, accountId: string, placeId: string | null): Promise<void> {
  await db
    .insertInto('file_place')
    .values({ file_id: fileId, account_id: accountId, place_id: placeId })
    .onConflict((oc) => oc.column('file_id').doUpdateSet({ place_id: placeId }))
    .execute();
}

export const clearFilePlace = (db: Executor, fileId: string) => db.deleteFrom('file_place').where('file_id', '=', fileId).execute();

export async function getPlaces(db: Executor, accountId: string, ids: readonly string[]): Promise<PlaceRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('place').selectAll().where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

export async function placeOfFile(db: Executor, accountId: string, fileId: string): Promise<PlaceRow | undefined> {
  return db
    .selectFrom('file_place')
    .innerJoin('place', 'place.id', 'file_place.place_id')
    .selectAll('place')
    .where('file_place.file_id', '=', fileId)
    .where('file_place.account_id', '=', accountId)
    .executeTakeFirst();
}

const withGps = (db: Executor, accountId: string) =>
  db
    .selectFrom('file')
    .where('file.account_id', '=', accountId)
    .where('file.status', '=', 'ACTIVE')
    .where('file.hidden', '=', 0)
    .where('file.media_status', '=', 'READY')
    .where('file.latitude', 'is not', null)
    .where('file.longitude', 'is not', null);

/** Live photos with GPS, and how many of them have their place. */
export async function progress(db: Executor, accountId: string): Promise<{ done: number; total: number }> {
  const row = await withGps(db, accountId)
    .leftJoin('file_place', 'file_place.file_id', 'file.id')
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.count<number | string>('file_place.file_id').as('done')])
    .executeTakeFirstOrThrow();
  return { done: Number(row.done), total: Number(row.total) };
}

/** Photos processed before places existed (or while a lookup failed): READY with GPS and no place yet. */
export async function unplaced(db: Executor, limit: number) {
  return db
    .selectFrom('file')
    .leftJoin('file_place', 'file_place.file_id', 'file.id')
    .select(['file.id', 'file.account_id', 'file.latitude', 'file.longitude'])
    .where('file.media_status', '=', 'READY')
    .where('file.latitude', 'is not', null)
    .where('file.longitude', 'is not', null)
    .where('file_place.file_id', 'is', null)
    .orderBy('file.id')
    .limit(limit)
    .execute();
}

/** Places whose search entry was built from an older edition of the city names. */
export async function staleNames(db: Executor, version: number, limit: number): Promise<PlaceRow[]> {
  return db.selectFrom('place').selectAll().where('names_version', '<', version).orderBy('id').limit(limit).execute();
}

export async function setNamesVersion(db: Executor, ids: readonly string[], version: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('place').set({ names_version: version }).where('id', 'in', ids).execute();
}

export async function deleteAccountPlaces(db: Executor, accountId: string): Promise<string[]> {
  const ids = await db.selectFrom('place').select('id').where('account_id', '=', accountId).execute();
  await db.deleteFrom('file_place').where('account_id', '=', accountId).execute();
  await db.deleteFrom('place').where('account_id', '=', accountId).execute();
  return ids.map((r) => r.id);
}

/** Each of these photos' place (id and name), for photos that have one; other modules read it through places.public. */
export async function placesOfFiles(db: Executor, accountId: string, fileIds: readonly string[]): Promise<Map<string, { placeId: string; name: string }>> {
  const out = new Map<string, { placeId: string; name: string }>();
  // Bounded IN lists: SQLite and PostgreSQL both cap bound parameters per statement.
  for (let i = 0; i < fileIds.length; i += 1_000) {
    const rows = await db
      .selectFrom('file_place')
      .innerJoin('place', 'place.id', 'file_place.place_id')
      .select(['file_place.file_id', 'place.id', 'place.name'])
      .where('file_place.account_id', '=', accountId)
      .where('file_place.file_id', 'in', fileIds.slice(i, i + 1_000))
      .execute();
    for (const r of rows) out.set(r.file_id, { placeId: r.id, name: r.name });
  }
  return out;
}
