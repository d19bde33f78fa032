import type { Executor } from '../../infra/db/executor.js';
import type { NewSearchEntry, SearchSubjectKind } from './search-index.table.js';

// Writes of the search index. This module imports no other module: files and albums call it in their transactions.

const CHUNK = 500;

export async function upsertEntries(db: Executor, rows: readonly NewSearchEntry[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('search_entry')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['subject_kind', 'subject_id']).doUpdateSet((eb) => ({
          owner_id: eb.ref('excluded.owner_id'),
          name: eb.ref('excluded.name'),
          name_exact: eb.ref('excluded.name_exact'),
          description: eb.ref('excluded.description'),
          camera: eb.ref('excluded.camera'),
          taken_month: eb.ref('excluded.taken_month'),
          terms: eb.ref('excluded.terms'),
          modified_at: eb.ref('excluded.modified_at'),
          status: eb.ref('excluded.status'),
          hidden: eb.ref('excluded.hidden'),
          kind: eb.ref('excluded.kind'),
          document_type: eb.ref('excluded.document_type'),
          sort_name: eb.ref('excluded.sort_name'),
          taken_at: eb.ref('excluded.taken_at'),
        })),
      )
      .execute();
  }
}

export async function deleteEntries(db: Executor, kind: SearchSubjectKind, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db.deleteFrom('search_entry').where('subject_kind', '=', kind).where('subject_id', 'in', ids.slice(i, i + CHUNK)).execute();
  }
}

/** Files and albums of an account that have no entry yet (rows from before the index existed), a batch at a time. */
export async function filesWithoutEntry(db: Executor, limit: number) {
  return db
    .selectFrom('file as f')
    .leftJoin('search_entry as e', (j) => j.onRef('e.subject_id', '=', 'f.id').on('e.subject_kind', '=', 'file'))
    .where('e.seq', 'is', null)
    .select([
      'f.id',
      'f.account_id',
      'f.name',
      'f.name_key',
      'f.is_folder',
      'f.status',
      'f.hidden',
      'f.media_kind',
      'f.document_type',
      'f.description',
      'f.camera',
      'f.taken_day',
      'f.taken_at',
      'f.last_modified_at',
    ])
    .limit(limit)
    .execute();
}

export async function albumsWithoutEntry(db: Executor, limit: number) {
  return db
    .selectFrom('album as a')
    .leftJoin('search_entry as e', (j) => j.onRef('e.subject_id', '=', 'a.id').on('e.subject_kind', '=', 'album'))
    .where('e.seq', 'is', null)
    .select(['a.id', 'a.account_id', 'a.label', 'a.label_key', 'a.status', 'a.last_modified_at'])
    .limit(limit)
    .execute();
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('search_entry').where('owner_id', '=', accountId).execute();
}
