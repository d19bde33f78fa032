import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { PREMIUM_AUTHORITY } from '../account/account.public.js';
import type { FaceTable, PersonStatus } from './people.table.js';

/** A photo counts while it is live: not trashed, not hidden, processed. */
const liveFile = (eb: ExpressionBuilder<DB, 'file'>) =>
  eb.and([eb('file.status', '=', 'ACTIVE'), eb('file.hidden', '=', 0), eb('file.media_status', '=', 'READY')]);

// --- account state

export async function isPremium(db: Executor, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('authority')
    .select('type')
    .where('account_id', '=', accountId)
    .where('type', '=', PREMIUM_AUTHORITY)
    .executeTakeFirst();
  return row !== undefined;
}

/** No row: on (the default for premium accounts). */
export async function isEnabled(db: Executor, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('face_setting').select('enabled').where('account_id', '=', accountId).executeTakeFirst();
  return row === undefined || Number(row.enabled) === 1;
}

export async function setEnabled(db: Executor, accountId: string, enabled: boolean): Promise<void> {
  await db
    .insertInto('face_setting')
    .values({ account_id: accountId, enabled: enabled ? 1 : 0 })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ enabled: enabled ? 1 : 0 }))
    .execute();
}

// --- retention after premium ended

/** Accounts with face data of any kind (a scan, a face or a person). */
const withFaceData = (db: Executor) =>
  db
    .selectFrom('face_scan')
    .select('account_id')
    .union(db.selectFrom('face').select('account_id'))
    .union(db.selectFrom('person').select('account_id'));

const premiumAccounts = (db: Executor) => db.selectFrom('authority').select('account_id').where('type', '=', PREMIUM_AUTHORITY);

/** Records `at` as the end of premium for accounts with face data and no premium that have no such record yet. */
export async function markPremiumEnded(db: Executor, at: number): Promise<void> {
  await db
    .insertInto('face_retention')
    .columns(['account_id', 'premium_ended_at'])
    .expression(
      db
        .selectFrom(withFaceData(db).as('d'))
        .select(['d.account_id', sql.lit(at).as('premium_ended_at')])
        .where('d.account_id', 'not in', premiumAccounts(db))
        .where('d.account_id', 'not in', db.selectFrom('face_retention').select('account_id')),
    )
    .execute();
}

/** Premium is back (or the data is gone): the record goes. */
export async function clearPremiumEnded(db: Executor): Promise<void> {
  await db.deleteFrom('face_retention').where('account_id', 'in', premiumAccounts(db)).execute();
}

/** Accounts whose premium ended at or before `before`, a bounded batch. */
export const premiumEndedBefore = async (db: Executor, before: number, limit: number) =>
  (await db.selectFrom('face_retention').select('account_id').where('premium_ended_at', '<=', before).limit(limit).execute()).map((r) => r.account_id);

// --- scans

/** Marks the photo queued (scanned_at 0) unless it is already queued or scanned; true when it was not. */
export async function markQueued(db: Executor, accountId: string, fileId: string): Promise<boolean> {
  const res = await db
    .insertInto('face_scan')
    .values({ file_id: fileId, account_id: accountId, scanned_at: 0 })
    .onConflict((oc) => oc.column('file_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const markScanned = (db: Executor, accountId: string, fileId: string, at: number) =>
  db
    .insertInto('face_scan')
    .values({ file_id: fileId, account_id: accountId, scanned_at: at })
    .onConflict((oc) => oc.column('file_id').doUpdateSet({ scanned_at: at }))
    .execute();

export const scanOf = (db: Executor, fileId: string) =>
  db.selectFrom('face_scan').select(['scanned_at']).where('file_id', '=', fileId).executeTakeFirst();

/** Scanned and total live photos and videos (videos are scanned through their poster). */
export async function progress(db: Executor, accountId: string): Promise<{ done: number; total: number }> {
  const row = await db
    .selectFrom('file')
    .leftJoin('face_scan', (j) => j.onRef('face_scan.file_id', '=', 'file.id').on('face_scan.scanned_at', '>', 0))
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('face_scan.file_id').as('done')])
    .where('file.account_id', '=', accountId)
    .where('file.media_kind', 'in', [MEDIA_KIND.image, MEDIA_KIND.video])
    .where(liveFile)
    .executeTakeFirstOrThrow();
  return { done: Number(row.done), total: Number(row.total) };
}

/** Premium accounts with recognition on that have live photos never queued; a bounded batch of them per account. */
export async function unscanned(db: Executor, limit: number): Promise<Array<{ accountId: string; fileId: string }>> {
  const rows = await db
    .selectFrom('file')
    .innerJoin('authority', (j) => j.onRef('authority.account_id', '=', 'file.account_id').on('authority.type', '=', PREMIUM_AUTHORITY))
    .leftJoin('face_setting', 'face_setting.account_id', 'file.account_id')
    .leftJoin('face_scan', 'face_scan.file_id', 'file.id')
    .select(['file.account_id', 'file.id'])
    .where('face_scan.file_id', 'is', null)
    .where((eb) => eb.or([eb('face_setting.enabled', 'is', null), eb('face_setting.enabled', '=', 1)]))
    .where('file.media_kind', 'in', [MEDIA_KIND.image, MEDIA_KIND.video])
    .where('file.preview_key', 'is not', null)
    .where(liveFile)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ accountId: r.account_id, fileId: r.id }));
}

export const fileToScan = (db: Executor, fileId: string) =>
  db.selectFrom('file').select(['id', 'account_id', 'preview_key', 'status', 'media_status']).where('id', '=', fileId).executeTakeFirst();

// --- faces

/** A face as the faces job stores it: unassigned until grouped. */
export type NewFace = Omit<FaceTable, 'person_id'>;

export async function insertFaces(db: Executor, faces: NewFace[]): Promise<void> {
  if (faces.length > 0) await db.insertInto('face').values(faces.map((f) => ({ ...f, person_id: null }))).execute();
}

/** Every face of the account with its rejections, for grouping. */
export async function clusterFaces(db: Executor, accountId: string) {
  const [faces, rejections] = await Promise.all([
    db.selectFrom('face').select(['id', 'person_id', 'descriptor']).where('account_id', '=', accountId).execute(),
    db
      .selectFrom('face_rejection')
      .innerJoin('face', 'face.id', 'face_rejection.face_id')
      .select(['face_rejection.face_id', 'face_rejection.person_id'])
      .where('face.account_id', '=', accountId)
      .execute(),
  ]);
  return { faces, rejections };
}

export const unassignedFaceIds = async (db: Executor, accountId: string) =>
  (await db.selectFrom('face').select('id').where('account_id', '=', accountId).where('person_id', 'is', null).orderBy('created_at').execute()).map(
    (r) => r.id,
  );

export async function assignFaces(db: Executor, personId: string, faceIds: string[]): Promise<void> {
  if (faceIds.length > 0) await db.updateTable('face').set({ person_id: personId }).where('id', 'in', faceIds).execute();
}

/** Accounts with unassigned faces (the regrouping schedule's work). */
export const accountsWithUnassigned = async (db: Executor) =>
  (await db.selectFrom('face').select('account_id').distinct().where('person_id', 'is', null).execute()).map((r) => r.account_id);

/** Faces whose photo was deleted for good, with their crops, a bounded batch. */
export const orphanFaces = (db: Executor, limit: number) =>
  db
    .selectFrom('face')
    .leftJoin('file', 'file.id', 'face.file_id')
    .select(['face.id', 'face.crop_key', 'face.person_id'])
    .where('file.id', 'is', null)
    .limit(limit)
    .execute();

export async function deleteFaces(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('person').set({ thumbnail_face_id: null }).where('thumbnail_face_id', 'in', ids).execute();
  await db.deleteFrom('face').where('id', 'in', ids).execute();
}

/** The faces of one photo of the account with their persons (not trashed ones), for the viewer. */
export const facesInPhoto = (db: Executor, accountId: string, fileId: string) =>
  db
    .selectFrom('face')
    .innerJoin('person', 'person.id', 'face.person_id')
    .select(['face.id', 'face.box_x', 'face.box_y', 'face.box_w', 'face.box_h', 'face.crop_key', 'person.id as person_id', 'person.label'])
    .where('face.account_id', '=', accountId)
    .where('face.file_id', '=', fileId)
    .where('person.status', '!=', 'TRASHED')
    .orderBy('face.box_x')
    .execute();

export const cropOf = (db: Executor, accountId: string, faceId: string) =>
  db.selectFrom('face').select('crop_key').where('id', '=', faceId).where('account_id', '=', accountId).executeTakeFirst();

/** Takes the person's faces in these photos away from it, never to be given back ("not this person"). */
export async function rejectPhotos(db: Executor, personId: string, fileIds: string[]): Promise<void> {
  const faces = await db.selectFrom('face').select('id').where('person_id', '=', personId).where('file_id', 'in', fileIds).execute();
  if (faces.length === 0) return;
  const ids = faces.map((f) => f.id);
  await db
    .insertInto('face_rejection')
    .values(ids.map((face_id) => ({ face_id, person_id: personId })))
    .onConflict((oc) => oc.columns(['face_id', 'person_id']).doNothing())
    .execute();
  await db.updateTable('face').set({ person_id: null }).where('id', 'in', ids).execute();
  await db.updateTable('person').set({ thumbnail_face_id: null }).where('id', '=', personId).where('thumbnail_face_id', 'in', ids).execute();
}

// --- persons

export async function createPerson(db: Executor, row: { id: string; account_id: string; at: number }): Promise<void> {
  await db
    .insertInto('person')
    .values({ id: row.id, account_id: row.account_id, label: null, label_key: null, status: 'ACTIVE', thumbnail_face_id: null, created_at: row.at, modified_at: row.at })
    .execute();
}

export const getPersons = (db: Executor, accountId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('person').selectAll().where('account_id', '=', accountId).where('id', 'in', ids).execute();

export const updatePerson = (
  db: Executor,
  accountId: string,
  ids: readonly string[],
  patch: Partial<{ label: string | null; label_key: string | null; status: PersonStatus; thumbnail_face_id: string | null }>,
  at: number,
) => db.updateTable('person').set({ ...patch, modified_at: at }).where('account_id', '=', accountId).where('id', 'in', ids).execute();

/** Moves every face and rejection of `from` to `into`, then deletes `from`. */
export async function mergePerson(db: Executor, from: string, into: string): Promise<void> {
  // A face the owner had rejected from the survivor stays out of it: those faces are left unassigned.
  const keptOut = db.selectFrom('face_rejection').select('face_id').where('person_id', '=', into);
  await db.updateTable('face').set({ person_id: null }).where('person_id', '=', from).where('id', 'in', keptOut).execute();
  await db.updateTable('face').set({ person_id: into }).where('person_id', '=', from).execute();
  await db
    .insertInto('face_rejection')
    .columns(['face_id', 'person_id'])
    .expression(db.selectFrom('face_rejection').select(['face_id', sql.lit(into).as('person_id')]).where('person_id', '=', from))
    .onConflict((oc) => oc.columns(['face_id', 'person_id']).doNothing())
    .execute();
  await db.deleteFrom('person').where('id', '=', from).execute();
}

/** One face of the person on this photo, the best one (for a chosen thumbnail). */
export const faceOfPersonInPhoto = (db: Executor, personId: string, fileId: string) =>
  db.selectFrom('face').select('id').where('person_id', '=', personId).where('file_id', '=', fileId).orderBy('score', 'desc').limit(1).executeTakeFirst();

/** Listed persons: at least one live photo, and named or of at least two faces. */
function listed(db: Executor, accountId: string, status: PersonStatus) {
  return db
    .selectFrom('person')
    .innerJoin('face', 'face.person_id', 'person.id')
    .innerJoin('file', 'file.id', 'face.file_id')
    .where('person.account_id', '=', accountId)
    .where('person.status', '=', status)
    .where(liveFile)
    .groupBy(['person.id', 'person.label', 'person.label_key', 'person.status', 'person.thumbnail_face_id', 'person.created_at', 'person.modified_at'])
    .having((eb) => eb.or([eb('person.label', 'is not', null), eb(eb.fn.count('face.id'), '>=', 2)]));
}

export interface PersonRow {
  id: string;
  label: string | null;
  status: PersonStatus;
  thumbnail_face_id: string | null;
  created_at: number;
  modified_at: number;
  photos: number;
  images: number;
  videos: number;
}

const personColumns = (eb: ExpressionBuilder<DB, 'person' | 'face' | 'file'>) => [
  'person.id' as const,
  'person.label' as const,
  'person.status' as const,
  'person.thumbnail_face_id' as const,
  'person.created_at' as const,
  'person.modified_at' as const,
  eb.fn.count<number>('file.id').distinct().as('photos'),
  eb.fn.count<number>(eb.case().when('file.media_kind', '=', MEDIA_KIND.image).then(eb.ref('file.id')).end()).distinct().as('images'),
  eb.fn.count<number>(eb.case().when('file.media_kind', '=', MEDIA_KIND.video).then(eb.ref('file.id')).end()).distinct().as('videos'),
];

const toPersonRow = (r: Omit<PersonRow, 'photos' | 'images' | 'videos'> & { photos: unknown; images: unknown; videos: unknown }): PersonRow => ({
  ...r,
  created_at: Number(r.created_at),
  modified_at: Number(r.modified_at),
  photos: Number(r.photos),
  images: Number(r.images),
  videos: Number(r.videos),
});

/** A page of listed persons, most photographed first, named before unnamed on ties. */
export async function listPersons(db: Executor, accountId: string, status: PersonStatus, page: number, size: number) {
  // The total rides on the page's rows (one aggregation instead of two); a page past the end counts on its own.
  const rows = await listed(db, accountId, status)
    .select(personColumns)
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('photos', 'desc')
    .orderBy(sql`CASE WHEN person.label IS NULL THEN 1 ELSE 0 END`)
    .orderBy('person.label_key')
    .orderBy('person.id')
    .limit(size)
    .offset(page * size)
    .execute();
  const count =
    rows.length > 0
      ? { n: rows[0]!.total }
      : await db
          .selectFrom(listed(db, accountId, status).select('person.id').as('l'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
  return { rows: rows.map(({ total: _total, ...r }) => toPersonRow(r)), total: Number(count.n) };
}

/** One person with its live photo counts (zero when it has none). */
export async function personWithCounts(db: Executor, accountId: string, id: string): Promise<PersonRow | undefined> {
  const row = await db
    .selectFrom('person')
    .leftJoin('face', 'face.person_id', 'person.id')
    .leftJoin('file', (j) =>
      j.onRef('file.id', '=', 'face.file_id').on('file.status', '=', 'ACTIVE').on('file.hidden', '=', 0).on('file.media_status', '=', 'READY'),
    )
    .where('person.account_id', '=', accountId)
    .where('person.id', '=', id)
    .groupBy(['person.id', 'person.label', 'person.status', 'person.thumbnail_face_id', 'person.created_at', 'person.modified_at'])
    .select(personColumns)
    .executeTakeFirst();
  return row && toPersonRow(row);
}

/** The face each person shows: the chosen one, else its best-scoring face on a live photo. */
export async function thumbnails(db: Executor, persons: ReadonlyArray<{ id: string; thumbnail_face_id: string | null }>) {
  const out = new Map<string, { faceId: string; fileId: string }>();
  if (persons.length === 0) return out;
  const chosen = persons.flatMap((p) => (p.thumbnail_face_id ? [p.thumbnail_face_id] : []));
  if (chosen.length > 0) {
    for (const f of await db.selectFrom('face').select(['id', 'file_id', 'person_id']).where('id', 'in', chosen).execute()) {
      if (f.person_id) out.set(f.person_id, { faceId: f.id, fileId: f.file_id });
    }
  }
  const rest = persons.filter((p) => !out.has(p.id)).map((p) => p.id);
  if (rest.length === 0) return out;
  const ranked = db
    .selectFrom('face')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select((eb) => [
      'face.id',
      'face.file_id',
      'face.person_id',
      eb.fn.agg<number>('row_number').over((o) => o.partitionBy('face.person_id').orderBy('face.score', 'desc').orderBy('face.id')).as('rank'),
    ])
    .where('face.person_id', 'in', rest)
    .where(liveFile)
    .as('r');
  for (const f of await db.selectFrom(ranked).selectAll().where('rank', '=', 1).execute()) {
    out.set(f.person_id!, { faceId: f.id, fileId: f.file_id });
  }
  return out;
}

/** SQL: the person whose id is `id` has a live photo and its owner is premium, as the people pages show it (for search). */
export const shownPerson = (db: Executor, id: Expression<unknown>) =>
  // A nested query comes in parentheses already.
  sql<SqlBool>`exists ${db
    .selectFrom('face')
    .innerJoin('file', 'file.id', 'face.file_id')
    .innerJoin('authority', (j) => j.onRef('authority.account_id', '=', 'file.account_id').on('authority.type', '=', PREMIUM_AUTHORITY))
    .select(sql.lit(1).as('one'))
    .where('face.person_id', '=', id as Expression<string>)
    .where(liveFile)}`;

/** The person's live photo ids, newest first (or oldest), paged. */
export async function photoIds(db: Executor, accountId: string, personId: string, q: { page: number; size: number; sortOrder: 'ASC' | 'DESC' }) {
  const base = db
    .selectFrom('file')
    .where('file.account_id', '=', accountId)
    .where(liveFile)
    .where('file.id', 'in', db.selectFrom('face').select('face.file_id').where('face.person_id', '=', personId));
  const dir = q.sortOrder === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base.select('file.id').orderBy('file.taken_at', dir).orderBy('file.id', dir).limit(q.size).offset(q.page * q.size).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

// --- deleting everything of an account

export const cropKeysOf = async (db: Executor, accountId: string) =>
  (await db.selectFrom('face').select('crop_key').where('account_id', '=', accountId).where('crop_key', 'is not', null).execute()).map(
    (r) => r.crop_key!,
  );

export const personIdsOf = async (db: Executor, accountId: string) =>
  (await db.selectFrom('person').select('id').where('account_id', '=', accountId).execute()).map((r) => r.id);

/** All face data of the account, and so its retention record (the setting stays unless `withSetting`). */
export async function deleteAll(db: Executor, accountId: string, withSetting: boolean): Promise<void> {
  await db.deleteFrom('face_retention').where('account_id', '=', accountId).execute();
  await db.deleteFrom('face').where('account_id', '=', accountId).execute();
  await db.deleteFrom('person').where('account_id', '=', accountId).execute();
  await db.deleteFrom('face_scan').where('account_id', '=', accountId).execute();
  if (withSetting) await db.deleteFrom('face_setting').where('account_id', '=', accountId).execute();
}

/** How many faces were found on each of these photos (absent: none, or not analysed yet). */
export async function faceCounts(db: Executor, fileIds: readonly string[]): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('face')
    .select((eb) => ['file_id', eb.fn.countAll<number | string>().as('n')])
    .where('file_id', 'in', fileIds)
    .groupBy('file_id')
    .execute();
  return new Map(rows.map((r) => [r.file_id, Number(r.n)]));
}

// --- For-you reads (collage crops, best-of-a-person albums)

/** Each photo's face boxes (fractions of the photo), for photos that have any. */
export async function faceBoxes(db: Executor, fileIds: readonly string[]): Promise<Map<string, Array<{ x: number; y: number; w: number; h: number }>>> {
  const out = new Map<string, Array<{ x: number; y: number; w: number; h: number }>>();
  if (fileIds.length === 0) return out;
  const rows = await db.selectFrom('face').select(['file_id', 'box_x', 'box_y', 'box_w', 'box_h']).where('file_id', 'in', fileIds).orderBy('id').execute();
  for (const r of rows) {
    const box = { x: Number(r.box_x), y: Number(r.box_y), w: Number(r.box_w), h: Number(r.box_h) };
    const list = out.get(r.file_id);
    if (list) list.push(box);
    else out.set(r.file_id, [box]);
  }
  return out;
}

/**
 * The account's named, active people with the live photos their faces are on; none without premium (face data kept
 * after premium ended is not used, as it is not shown).
 */
export async function namedPeople(db: Executor, accountId: string, limit: number): Promise<Array<{ id: string; name: string; fileIds: string[] }>> {
  if (!(await isPremium(db, accountId))) return [];
  const people = await db
    .selectFrom('person')
    .select(['id', 'label'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('label', 'is not', null)
    .orderBy('label_key')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (people.length === 0) return [];
  const faces = await db
    .selectFrom('face')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select(['face.person_id', 'face.file_id'])
    .where('face.account_id', '=', accountId)
    .where('face.person_id', 'in', people.map((p) => p.id))
    .where(liveFile)
    .execute();
  return people.map((p) => ({
    id: p.id,
    name: p.label!,
    fileIds: [...new Set(faces.filter((f) => f.person_id === p.id).map((f) => f.file_id))],
  }));
}
