import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { PREMIUM_AUTHORITY } from '../account/account.plan.public.js';
import { premiumFamilyMembers } from '../family/family.public.js';
import type { FaceTable } from './people.table.js';

/** A photo counts while it is live: not trashed, not hidden, processed. */
export const liveFile = (eb: ExpressionBuilder<DB, 'file'>) =>
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

/** The account is in a premium family: its library photos' face data is the family's, kept while it is (issue 35). */
export async function inPremiumFamily(db: Executor, accountId: string): Promise<boolean> {
  return (await premiumFamilyMembers(db).where('family_member.account_id', '=', accountId).executeTakeFirst()) !== undefined;
}

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
        .where('d.account_id', 'not in', premiumFamilyMembers(db))
        .where('d.account_id', 'not in', db.selectFrom('face_retention').select('account_id')),
    )
    .execute();
}

/** Premium is back (or the data is gone): the record goes. */
export async function clearPremiumEnded(db: Executor): Promise<void> {
  await db.deleteFrom('face_retention').where('account_id', 'in', premiumAccounts(db)).execute();
  await db.deleteFrom('face_retention').where('account_id', 'in', premiumFamilyMembers(db)).execute();
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
    // What the backfill can queue (unscanned below): a video without a poster is never analysed, so never "left".
    .where('file.preview_key', 'is not', null)
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

// --- For-you reads (collage crops)

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
