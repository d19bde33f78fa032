import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import { inFamilyLibrary, isPremiumFamily } from '../family/family.public.js';
import { MEDIA_KIND } from '../files/files.public.js';

// People of a family library (issue 35): family persons over the faces found on the library's photos.

/**
 * SQL on `face` ⋈ `file`: a face that counts for the family — its photo is in the family's library as members see it,
 * and the family is premium (people of the family library are a premium family's; see docs/decisions.md).
 */
const counted = (eb: ExpressionBuilder<DB, 'face' | 'file'>, familyId: string | Expression<string>): Expression<SqlBool> =>
  eb.and([inFamilyLibrary(eb as unknown as ExpressionBuilder<DB, 'file'>, familyId), isPremiumFamily(eb as unknown as ExpressionBuilder<DB, keyof DB>, familyId)]);

/** The photo is in the library of a premium family: it is analysed under the family's premium (its adder's setting on). */
export async function inPremiumFamilyLibrary(db: Executor, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('file')
    .select('file.id')
    .where('file.id', '=', fileId)
    .where('file.family_id', 'is not', null)
    .where((eb) => {
      const family = eb.ref('file.family_id') as Expression<string>;
      return eb.and([inFamilyLibrary(eb, family), isPremiumFamily(eb as unknown as ExpressionBuilder<DB, keyof DB>, family)]);
    })
    .executeTakeFirst();
  return row !== undefined;
}

/** Live photos in premium families' libraries, never queued, of adders without premium and with recognition on. */
export async function unscannedInFamilies(db: Executor, limit: number): Promise<Array<{ accountId: string; fileId: string }>> {
  const rows = await db
    .selectFrom('file')
    .leftJoin('face_setting', 'face_setting.account_id', 'file.account_id')
    .leftJoin('face_scan', 'face_scan.file_id', 'file.id')
    .select(['file.account_id', 'file.id'])
    .where('face_scan.file_id', 'is', null)
    .where('file.family_id', 'is not', null)
    .where((eb) => eb.or([eb('face_setting.enabled', 'is', null), eb('face_setting.enabled', '=', 1)]))
    .where('file.media_kind', 'in', [MEDIA_KIND.image, MEDIA_KIND.video])
    .where('file.preview_key', 'is not', null)
    .where('file.media_status', '=', 'READY')
    .where((eb) => {
      const family = eb.ref('file.family_id') as Expression<string>;
      return eb.and([inFamilyLibrary(eb, family), isPremiumFamily(eb as unknown as ExpressionBuilder<DB, keyof DB>, family)]);
    })
    .limit(limit)
    .execute();
  return rows.map((r) => ({ accountId: r.account_id, fileId: r.id }));
}

/** A face crop shown through the family: the face counts for it (whoever's premium); undefined otherwise. */
export const familyCrop = (db: Executor, familyId: string, faceId: string) =>
  db
    .selectFrom('face')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select('face.crop_key')
    .where('face.id', '=', faceId)
    .where((eb) => counted(eb, familyId))
    .executeTakeFirst();

/** Every counted face of the family with its family person (null: not grouped yet), oldest first. */
export const familyFaces = (db: Executor, familyId: string) =>
  db
    .selectFrom('face')
    .innerJoin('file', 'file.id', 'face.file_id')
    .leftJoin('family_face', (j) => j.onRef('family_face.face_id', '=', 'face.id').on('family_face.family_id', '=', familyId))
    .select(['face.id', 'face.descriptor', 'family_face.person_id'])
    .where((eb) => counted(eb, familyId))
    .orderBy('face.created_at')
    .orderBy('face.id')
    .execute();

/**
 * Families with grouping to do: a counted face of theirs not grouped yet, or a grouped face that no longer counts for
 * them (its photo left the library, its adder left the family, or its adder's face data is no longer shown).
 */
export async function familiesToGroup(db: Executor, limit: number): Promise<string[]> {
  const ungrouped = await db
    .selectFrom('face')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select('file.family_id')
    .distinct()
    .where('file.family_id', 'is not', null)
    .where((eb) =>
      eb.and([
        counted(eb, eb.ref('file.family_id') as Expression<string>),
        eb.not(eb.exists(eb.selectFrom('family_face').select('family_face.face_id').whereRef('family_face.face_id', '=', 'face.id').whereRef('family_face.family_id', '=', 'file.family_id'))),
      ]),
    )
    .limit(limit)
    .execute();
  const stale = await db
    .selectFrom('family_face')
    .select('family_face.family_id')
    .distinct()
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('face')
            .innerJoin('file', 'file.id', 'face.file_id')
            .select('face.id')
            .whereRef('face.id', '=', 'family_face.face_id')
            .where((inner) => counted(inner, inner.ref('family_face.family_id') as unknown as Expression<string>)),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return [...new Set([...ungrouped.map((r) => r.family_id!), ...stale.map((r) => r.family_id)])];
}

/** Takes out of the family's persons the faces that no longer count for it; persons left with no face go. */
export async function dropStale(db: Executor, familyId: string): Promise<void> {
  const live = db
    .selectFrom('face')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select('face.id')
    .where((eb) => counted(eb, familyId));
  await db.deleteFrom('family_face').where('family_id', '=', familyId).where('face_id', 'not in', live).execute();
  await db
    .deleteFrom('family_person')
    .where('family_id', '=', familyId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('family_face').select('family_face.face_id').whereRef('family_face.person_id', '=', 'family_person.id'))))
    .execute();
}

export async function createPerson(db: Executor, row: { id: string; familyId: string; at: number }): Promise<void> {
  await db
    .insertInto('family_person')
    .values({ id: row.id, family_id: row.familyId, label: null, label_key: null, labelled_by: null, created_at: row.at, modified_at: row.at })
    .execute();
}

export async function assign(db: Executor, familyId: string, personId: string, faceIds: readonly string[]): Promise<void> {
  if (faceIds.length === 0) return;
  await db
    .insertInto('family_face')
    .values(faceIds.map((face_id) => ({ face_id, family_id: familyId, person_id: personId })))
    .onConflict((oc) => oc.column('face_id').doUpdateSet({ family_id: familyId, person_id: personId }))
    .execute();
}

export const getPersons = (db: Executor, familyId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('family_person').selectAll().where('family_id', '=', familyId).where('id', 'in', ids).execute();

export const updatePerson = (
  db: Executor,
  familyId: string,
  id: string,
  patch: Partial<{ label: string | null; label_key: string | null; labelled_by: string | null }>,
  at: number,
) => db.updateTable('family_person').set({ ...patch, modified_at: at }).where('family_id', '=', familyId).where('id', '=', id).execute();

export const clearLabelledBy = (db: Executor, accountId: string) =>
  db.updateTable('family_person').set({ labelled_by: null }).where('labelled_by', '=', accountId).execute();

/** Every face of `from` goes to `into` (but those rejected from `into`, left to regroup), its rejections too; then `from` goes. */
export async function mergePerson(db: Executor, familyId: string, from: string, into: string): Promise<void> {
  const keptOut = db.selectFrom('family_face_rejection').select('face_id').where('family_id', '=', familyId).where('person_id', '=', into);
  await db.deleteFrom('family_face').where('family_id', '=', familyId).where('person_id', '=', from).where('face_id', 'in', keptOut).execute();
  await db.updateTable('family_face').set({ person_id: into }).where('family_id', '=', familyId).where('person_id', '=', from).execute();
  await db
    .insertInto('family_face_rejection')
    .columns(['face_id', 'family_id', 'person_id'])
    .expression(
      db.selectFrom('family_face_rejection').select(['face_id', 'family_id', sql.lit(into).as('person_id')]).where('family_id', '=', familyId).where('person_id', '=', from),
    )
    .onConflict((oc) => oc.columns(['face_id', 'person_id']).doNothing())
    .execute();
  await db.deleteFrom('family_person').where('family_id', '=', familyId).where('id', '=', from).execute();
}

/** The family's "not this person" rows, for grouping: face id → the persons it was taken out of. */
export async function rejections(db: Executor, familyId: string): Promise<Map<string, Set<string>>> {
  const rows = await db.selectFrom('family_face_rejection').select(['face_id', 'person_id']).where('family_id', '=', familyId).execute();
  const out = new Map<string, Set<string>>();
  for (const r of rows) out.set(r.face_id, (out.get(r.face_id) ?? new Set()).add(r.person_id));
  return out;
}

/** The person's counted faces on these photos (what the family sees of them there). */
export const facesOnPhotos = (db: Executor, familyId: string, personId: string, fileIds: readonly string[]) =>
  db
    .selectFrom('family_face')
    .innerJoin('face', 'face.id', 'family_face.face_id')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select(['face.id', 'face.file_id'])
    .where('family_face.family_id', '=', familyId)
    .where('family_face.person_id', '=', personId)
    .where('face.file_id', 'in', fileIds)
    .where((eb) => counted(eb, familyId))
    .execute();

/** "Not this person": the faces leave the person, never to be grouped into it again. */
export async function rejectFaces(db: Executor, familyId: string, personId: string, faceIds: readonly string[]): Promise<void> {
  if (faceIds.length === 0) return;
  await db
    .insertInto('family_face_rejection')
    .values(faceIds.map((face_id) => ({ face_id, family_id: familyId, person_id: personId })))
    .onConflict((oc) => oc.columns(['face_id', 'person_id']).doNothing())
    .execute();
  await db.deleteFrom('family_face').where('family_id', '=', familyId).where('person_id', '=', personId).where('face_id', 'in', faceIds).execute();
}

export const deletePerson = (db: Executor, familyId: string, id: string) =>
  db.deleteFrom('family_person').where('family_id', '=', familyId).where('id', '=', id).execute();

export interface FamilyPersonRow {
  id: string;
  label: string | null;
  photos: number;
}

/** Listed persons: at least one counted photo, and named or of at least two faces (as the personal people page). */
const listed = (db: Executor, familyId: string) =>
  db
    .selectFrom('family_person')
    .innerJoin('family_face', 'family_face.person_id', 'family_person.id')
    .innerJoin('face', 'face.id', 'family_face.face_id')
    .innerJoin('file', 'file.id', 'face.file_id')
    .where('family_person.family_id', '=', familyId)
    .where((eb) => counted(eb, familyId))
    .groupBy(['family_person.id', 'family_person.label', 'family_person.label_key'])
    .having((eb) => eb.or([eb('family_person.label', 'is not', null), eb(eb.fn.count('face.id'), '>=', 2)]));

/** A page of the family's persons, most photographed first, named before unnamed on ties. */
export async function listPersons(db: Executor, familyId: string, page: number, size: number) {
  const rows = await listed(db, familyId)
    .select((eb) => ['family_person.id', 'family_person.label', eb.fn.count<number>('file.id').distinct().as('photos'), sql<number>`count(*) over ()`.as('total')])
    .orderBy('photos', 'desc')
    .orderBy(sql`CASE WHEN family_person.label IS NULL THEN 1 ELSE 0 END`)
    .orderBy('family_person.label_key')
    .orderBy('family_person.id')
    .limit(size)
    .offset(page * size)
    .execute();
  const count =
    rows.length > 0
      ? { n: rows[0]!.total }
      : await db.selectFrom(listed(db, familyId).select('family_person.id').as('l')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows.map((r): FamilyPersonRow => ({ id: r.id, label: r.label, photos: Number(r.photos) })), total: Number(count.n) };
}

/** One person of the family with its counted photos (zero when it has none left). */
export async function personWithCount(db: Executor, familyId: string, id: string): Promise<FamilyPersonRow | undefined> {
  const person = await db.selectFrom('family_person').select(['id', 'label']).where('family_id', '=', familyId).where('id', '=', id).executeTakeFirst();
  if (!person) return undefined;
  const row = await db
    .selectFrom('family_face')
    .innerJoin('face', 'face.id', 'family_face.face_id')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select((eb) => eb.fn.count<number>('file.id').distinct().as('photos'))
    .where('family_face.person_id', '=', id)
    .where((eb) => counted(eb, familyId))
    .executeTakeFirstOrThrow();
  return { ...person, photos: Number(row.photos) };
}

/** The face each person shows: its best-scoring counted face, with the photo and the adder it belongs to. */
export async function thumbnails(db: Executor, familyId: string, ids: readonly string[]) {
  const out = new Map<string, { faceId: string; fileId: string; accountId: string }>();
  if (ids.length === 0) return out;
  const ranked = db
    .selectFrom('family_face')
    .innerJoin('face', 'face.id', 'family_face.face_id')
    .innerJoin('file', 'file.id', 'face.file_id')
    .select((eb) => [
      'face.id',
      'face.file_id',
      'face.account_id',
      'family_face.person_id',
      eb.fn.agg<number>('row_number').over((o) => o.partitionBy('family_face.person_id').orderBy('face.score', 'desc').orderBy('face.id')).as('rank'),
    ])
    .where('family_face.person_id', 'in', ids)
    .where((eb) => counted(eb, familyId))
    .as('r');
  for (const f of await db.selectFrom(ranked).selectAll().where('rank', '=', 1).execute()) {
    out.set(f.person_id, { faceId: f.id, fileId: f.file_id, accountId: f.account_id });
  }
  return out;
}

/** SQL on `file` for the family library page: the photos a face of this family person is on. */
export const photosOfPerson = (eb: ExpressionBuilder<DB, 'file'>, familyId: string, personId: string): Expression<SqlBool> =>
  eb(
    'file.id',
    'in',
    eb
      .selectFrom('family_face')
      .innerJoin('face', 'face.id', 'family_face.face_id')
      .select('face.file_id')
      .where('family_face.family_id', '=', familyId)
      .where('family_face.person_id', '=', personId),
  );
