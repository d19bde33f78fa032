import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { DB } from '../../infra/db/schema.js';
import { PREMIUM_AUTHORITY } from '../account/account.plan.public.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { isPremium, liveFile } from './people.repository.js';
import type { PersonStatus } from './people.table.js';

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

// --- For-you reads (best-of-a-person albums)

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
