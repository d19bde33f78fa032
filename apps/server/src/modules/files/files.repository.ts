import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { Boundary } from './files.listing-cache.js';
import type { DocumentType, FileRow, FileUpdate, NewFile } from './files.table.js';

/** The sort key column of each sortBy; each has a listing index (account, parent, status, hidden, is_folder, key, id). */
export const KEY_COLUMN = { name: 'name_key', date: 'last_modified_at', size: 'bytes' } as const;
export type KeyColumn = (typeof KEY_COLUMN)[keyof typeof KEY_COLUMN];

export const getById = (db: Executor, accountId: string, id: string) =>
  db.selectFrom('file').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();

/** Who owns an id, across accounts: only to keep a client-chosen uuid from colliding; never shown to the caller. */
export const getOwner = (db: Executor, id: string) =>
  db.selectFrom('file').select(['account_id', 'is_folder']).where('id', '=', id).executeTakeFirst();

/** A row by id alone, for jobs whose payload names only the file (media processing). */
export const getByIdUnscoped = (db: Executor, id: string) => db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst();

export const getActiveFolder = (db: Executor, accountId: string, id: string) =>
  db
    .selectFrom('file')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('is_folder', '=', 1)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();

/** The live item holding this name in the folder, hidden ones included (names are unique per folder either way). */
export const getLiveByNameKey = (db: Executor, accountId: string, parentId: string, key: string) =>
  db
    .selectFrom('file')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('parent_id', '=', parentId)
    .where('status', '=', 'ACTIVE')
    .where('name_key', '=', key)
    .executeTakeFirst();

/** Levels of a path `getLiveByPath` resolves in one statement (SQLite joins at most 64 tables; PostgreSQL plans up to 8 joins exhaustively). */
export const PATH_LEVELS_PER_QUERY = 8;

/**
 * The live item at the end of `keys` (name keys, outermost first) below `parentId`, in one statement a few levels at a
 * time: one join a level, each on the unique live name in its folder (file_unique_name), every level but the last a
 * folder. What `getLiveByNameKey` level by level finds, in 1 round trip instead of one a level (WebDAV resolves a path
 * on every request; issue 28).
 */
export async function getLiveByPath(db: Executor, accountId: string, parentId: string, keys: readonly string[]): Promise<FileRow | undefined> {
  let row: FileRow | undefined;
  for (let from = 0; from < keys.length; from += PATH_LEVELS_PER_QUERY) {
    if (row && row.is_folder !== 1) return undefined;
    const level = keys.slice(from, from + PATH_LEVELS_PER_QUERY);
    const f = (i: number, column: string) => sql.ref(`f${i}.${column}`);
    const live = (i: number, parent: RawBuilder<unknown> | string, key: string) =>
      sql`${f(i, 'account_id')} = ${accountId} and ${f(i, 'parent_id')} = ${parent} and ${f(i, 'status')} = ${'ACTIVE'} and ${f(i, 'name_key')} = ${key}`;
    let joins = sql`${sql.table('file')} as ${sql.id('f0')}`;
    for (let i = 1; i < level.length; i++) {
      joins = sql`${joins} inner join ${sql.table('file')} as ${sql.id(`f${i}`)} on ${live(i, f(i - 1, 'id'), level[i]!)} and ${f(i - 1, 'is_folder')} = ${1}`;
    }
    const last = sql.id(`f${level.length - 1}`);
    const { rows } = await sql<FileRow>`select ${last}.* from ${joins} where ${live(0, row?.id ?? parentId, level[0]!)}`.execute(db);
    row = rows[0];
    if (!row) return undefined;
  }
  return row;
}

/** The thumbnail and preview keys of a live file of the account. */
export const getDerivativeKeys = (db: Executor, accountId: string, id: string, status: 'ACTIVE' | 'TRASHED' = 'ACTIVE') =>
  db
    .selectFrom('file')
    .select(['thumb_key', 'small_thumb_key', 'preview_key'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();

/** Whether an upload in progress holds this id (it will become a file with it); the upload table is read, never written. */
export const getUploadOwner = (db: Executor, id: string) =>
  db.selectFrom('upload').select('account_id').where('id', '=', id).executeTakeFirst();

/**
 * In chunks: a folders-only listing may ask for 99,999 rows, past both databases' bind-parameter limits. Read by id
 * alone and the account checked here: with `account_id = ?` in the query, SQLite without statistics (the app runs no
 * ANALYZE) walked every file of the account through an account index, 40–110 ms for a search page's few ids at
 * 100,000 files, where the primary key finds each in one seek.
 */
export async function getMany(db: Executor, accountId: string, ids: readonly string[]): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    for (const row of await db.selectFrom('file').selectAll().where('id', 'in', chunk).execute()) {
      if (row.account_id === accountId) rows.push(row);
    }
  }
  return rows;
}

/** Live items in `parentId` holding any of these name keys (hidden ones included: names stay unique per folder). */
export async function findByNameKeys(db: Executor, accountId: string, parentId: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('file')
    .select(['id', 'name_key'])
    .where('account_id', '=', accountId)
    .where('parent_id', '=', parentId)
    .where('status', '=', 'ACTIVE')
    .where('name_key', 'in', keys)
    .execute();
}

export async function insert(db: Executor, row: NewFile): Promise<void> {
  await db.insertInto('file').values(row).execute();
}

/** One row by id alone, for jobs whose payload names only the file; false when the row is gone. */
export async function updateById(db: Executor, id: string, patch: FileUpdate): Promise<boolean> {
  const res = await db.updateTable('file').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Points a live file at new content, only while it still names `fromBlobKey` (a concurrent save changed it otherwise);
 * false when that did not hold or the row is gone or trashed.
 */
export async function swapContent(
  db: Executor,
  accountId: string,
  id: string,
  fromBlobKey: string,
  patch: Pick<FileUpdate, 'blob_key' | 'bytes' | 'sha256' | 'last_modified_at'>,
): Promise<boolean> {
  const res = await db
    .updateTable('file')
    .set(patch)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('blob_key', '=', fromBlobKey)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Rows with a thumbnail but no small one (processed before issue 36), for its backfill: read off a partial index. */
export const missingSmallThumbs = (db: Executor, limit: number) =>
  db
    .selectFrom('file')
    .select(['id', 'account_id', 'thumb_key'])
    .where('thumb_key', 'is not', null)
    .where('small_thumb_key', 'is', null)
    .limit(limit)
    .execute();

/** Records a row's small thumbnail; false when the row is gone, has one already or its thumbnail changed meanwhile. */
export async function setSmallThumb(db: Executor, id: string, thumbKey: string, smallKey: string): Promise<boolean> {
  const res = await db
    .updateTable('file')
    .set({ small_thumb_key: smallKey })
    .where('id', '=', id)
    .where('thumb_key', '=', thumbKey)
    .where('small_thumb_key', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes a live file for good; false when it was already gone or changed state. */
export async function deleteLive(db: Executor, accountId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('file')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function updateMany(db: Executor, accountId: string, ids: readonly string[], patch: FileUpdate): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('file').set(patch).where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** A live file (not a folder) of the account, with what serving its bytes needs. */
export const getActiveFile = (db: Executor, accountId: string, id: string) =>
  db
    .selectFrom('file')
    .select(['id', 'name', 'bytes', 'content_type', 'blob_key', 'sha256', 'last_modified_at'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where('is_folder', '=', 0)
    .executeTakeFirst();

/** Which of these ids are live items of the account (files, and folders when asked). */
export async function listActiveIds(db: Executor, accountId: string, ids: readonly string[], withFolders: boolean): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('file')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .where('status', '=', 'ACTIVE')
    .$if(!withFolders, (qb) => qb.where('is_folder', '=', 0))
    .execute();
  return rows.map((r) => r.id);
}

// --- folder listing: two segments (folders, then files), each read in index order, so no query ever sorts.

interface SegmentQuery {
  accountId: string;
  parentId: string;
  folder: number;
  column: KeyColumn;
  desc: boolean;
  /** Continue strictly after this position (keyset); null = from the start of the segment. */
  after: Boundary | null;
}

function segment(db: Executor, q: SegmentQuery) {
  const { column, after, desc } = q;
  return db
    .selectFrom('file')
    .where('account_id', '=', q.accountId)
    .where('parent_id', '=', q.parentId)
    .where('status', '=', 'ACTIVE')
    .where('hidden', '=', 0)
    .where('is_folder', '=', q.folder)
    .$if(after !== null, (qb) =>
      // (key, id) > (k, i) written as key >= k AND (key > k OR id > i): the first term is an index range on both
      // dialects, the second only drops the ties already served.
      qb.where((eb) =>
        eb.and([
          eb(column, desc ? '<=' : '>=', after!.key as never),
          eb.or([eb(column, desc ? '<' : '>', after!.key as never), eb('id', desc ? '<' : '>', after!.id)]),
        ]),
      ),
    );
}

/**
 * Sort positions of a folder's visible children after `after`, skipping `skip` of them, at most `limit`: folders first
 * (in key order), then files. `skip` costs an index-only walk; a boundary makes the start a single seek.
 */
export async function listChildPositions(
  db: Executor,
  q: {
    accountId: string;
    parentId: string;
    column: KeyColumn;
    desc: boolean;
    foldersOnly: boolean;
    after: Boundary | null;
    skip: number;
    limit: number;
  },
): Promise<Boundary[]> {
  const out: Boundary[] = [];
  let skip = q.skip;
  const dir = q.desc ? 'desc' : 'asc';
  for (const folder of q.foldersOnly ? [1] : [1, 0]) {
    // A boundary among the files means the folders are all behind us.
    if (q.after && q.after.folder < folder) continue;
    const after = q.after && q.after.folder === folder ? q.after : null;
    const seg: SegmentQuery = { ...q, folder, after };
    const rows = await segment(db, seg)
      .select((eb) => ['id', 'is_folder', eb.ref(q.column).as('key')])
      .orderBy(q.column, dir)
      .orderBy('id', dir)
      .limit(q.limit - out.length)
      .offset(skip)
      .execute();
    if (rows.length === 0 && skip > 0) {
      // The whole segment was skipped: carry the rest of the skip into the next one.
      const counted = await segment(db, seg)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      skip = Math.max(0, skip - Number(counted.n));
    } else {
      skip = 0;
    }
    for (const r of rows) out.push({ folder: r.is_folder, key: r.key as string | number, id: r.id });
    if (out.length >= q.limit) break;
  }
  return out;
}

/** Rows for ids, in the order of the ids. */
export async function getInOrder(db: Executor, accountId: string, ids: readonly string[]): Promise<FileRow[]> {
  const rows = await getMany(db, accountId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// --- smaller, account-wide lists: plain ORDER BY with OFFSET (folders first, then key, then id).

interface OffsetPage {
  column: KeyColumn | 'trashed_at';
  desc: boolean;
  offset: number;
  limit: number;
}

export const listHidden = (db: Executor, accountId: string, p: OffsetPage) =>
  db
    .selectFrom('file')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('hidden', '=', 1)
    .where('status', '=', 'ACTIVE')
    .orderBy('is_folder', 'desc')
    .orderBy(p.column, p.desc ? 'desc' : 'asc')
    .orderBy('id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();

/** Only the items the user trashed, not the descendants that went with them. */
export const listTrashRoots = (db: Executor, accountId: string, p: OffsetPage) =>
  db
    .selectFrom('file')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'TRASHED')
    .where((eb) => eb('trash_root_id', '=', eb.ref('id')))
    .orderBy('is_folder', 'desc')
    .orderBy(p.column, p.desc ? 'desc' : 'asc')
    .orderBy('id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();

export const listByDocumentType = (
  db: Executor,
  accountId: string,
  documentType: DocumentType,
  parentId: string | null,
  p: OffsetPage,
) =>
  db
    .selectFrom('file')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('document_type', '=', documentType)
    .where('status', '=', 'ACTIVE')
    .where('hidden', '=', 0)
    .$if(parentId !== null, (qb) => qb.where('parent_id', '=', parentId!))
    .orderBy(p.column, p.desc ? 'desc' : 'asc')
    .orderBy('id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();

export type FieldFilter = { favourite: true } | { videoSlideshow: true } | { contentTypePrefixes: string[] };

/** Live files of the account matching a field: favourites, slideshows, or content types starting with one of the prefixes. */
export const listByField = (
  db: Executor,
  accountId: string,
  filter: FieldFilter,
  showHidden: boolean,
  p: OffsetPage,
) =>
  db
    .selectFrom('file')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('is_folder', '=', 0)
    .$if(!showHidden, (qb) => qb.where('hidden', '=', 0))
    .$if('favourite' in filter, (qb) => qb.where('favourite', '=', 1))
    .$if('videoSlideshow' in filter, (qb) => qb.where('video_slideshow', '=', 1))
    .$if('contentTypePrefixes' in filter, (qb) =>
      qb.where((eb) =>
        eb.or((filter as { contentTypePrefixes: string[] }).contentTypePrefixes.map((t) => eb('content_type', 'like', `${t}/%`))),
      ),
    )
    .orderBy(p.column, p.desc ? 'desc' : 'asc')
    .orderBy('id', p.desc ? 'desc' : 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();

// --- trees

/** The folder and every folder above it (UNION, not UNION ALL: a corrupt cycle still terminates). */
export async function ancestorIds(db: Executor, accountId: string, folderId: string): Promise<string[]> {
  const rows = await db
    .withRecursive('ancestor(id, parent_id)', (qc) =>
      qc
        .selectFrom('file')
        .select(['id', 'parent_id'])
        .where('account_id', '=', accountId)
        .where('id', '=', folderId)
        .union((eb) =>
          eb
            .selectFrom('file as f')
            .innerJoin('ancestor', 'ancestor.parent_id', 'f.id')
            .select(['f.id', 'f.parent_id'])
            .where('f.account_id', '=', accountId),
        ),
    )
    .selectFrom('ancestor')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

export type UsageKind = 'photo' | 'video' | 'document' | 'audio' | 'other';

/**
 * How many files of each kind an account stores and their bytes (trash included: it counts toward the quota), for the
 * operator console (issue 27). Counts and sizes only: nothing that says what a file is.
 */
export async function usageByKind(db: Executor, accountId: string): Promise<Array<{ kind: UsageKind; files: number; bytes: number }>> {
  const kinds = db
    .selectFrom('file')
    .select((eb) => [
      eb
        .case()
        .when('media_kind', '=', 1)
        .then('photo')
        .when('media_kind', '=', 2)
        .then('video')
        .when('content_type', 'like', 'audio/%')
        .then('audio')
        .when(eb.or([eb('document_type', 'is not', null), eb('content_type', 'like', 'text/%'), eb('content_type', '=', 'application/pdf')]))
        .then('document')
        .else('other')
        .end()
        .as('kind'),
      'bytes',
    ])
    .where('account_id', '=', accountId)
    .where('is_folder', '=', 0)
    .as('k');
  const rows = await db
    .selectFrom(kinds)
    .select((eb) => ['k.kind', eb.fn.countAll<number | string>().as('files'), eb.fn.sum<number | string>('k.bytes').as('bytes')])
    .groupBy('k.kind')
    .execute();
  const order: UsageKind[] = ['photo', 'video', 'document', 'audio', 'other'];
  return order.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  });
}

/**
 * Issue 35: a file of the account (live or in its Trash: both are its bytes) whose content is exactly these bytes, to
 * link a new file to instead of receiving them again. Never another account's.
 */
export const findHeldContent = (db: Executor, accountId: string, sha256: string, bytes: number) =>
  db
    .selectFrom('file')
    .select(['id', 'blob_key', 'sha256', 'bytes'])
    .where('account_id', '=', accountId)
    .where('sha256', '=', sha256)
    .where('bytes', '=', bytes)
    .where('is_folder', '=', 0)
    .where('status', 'in', ['ACTIVE', 'TRASHED'])
    .where('blob_key', 'is not', null)
    .limit(1)
    .executeTakeFirst();

/** Issue 35: which of these files the account still holds the bytes of (live or in its Trash), with their blob keys. */
export async function heldBlobKeys(db: Executor, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('file')
    .select(['id', 'blob_key'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .where('is_folder', '=', 0)
    .where('status', 'in', ['ACTIVE', 'TRASHED'])
    .execute();
  return new Map(rows.filter((r) => r.blob_key !== null).map((r) => [r.id, r.blob_key!]));
}
