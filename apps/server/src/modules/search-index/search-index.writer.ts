// The one writer of the search index. Other modules call these (through search.public.ts) inside the transaction of
// their change, so the index never disagrees with what it describes.
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { foldText } from './search-index.fold.js';
import { dateWords, yearMonth } from './search-index.months.js';
import * as repo from './search-index.repository.js';
import type { NewSearchEntry, SearchDocumentType, SearchEntryStatus, SearchKind, SearchSubjectKind } from './search-index.table.js';

/** The columns of a file row the index is built from. */
export interface FileSubject {
  id: string;
  account_id: string;
  name: string;
  name_key: string;
  is_folder: number;
  status: SearchEntryStatus;
  hidden?: number;
  media_kind?: number | null;
  document_type?: SearchDocumentType | null;
  description?: string | null;
  camera?: string | null;
  taken_day?: number | null;
  taken_at?: number | null;
  last_modified_at: number;
}

/** The columns of an album row the index is built from. */
export interface AlbumSubject {
  id: string;
  account_id: string;
  label: string;
  label_key: string;
  status: 'ACTIVE' | 'HIDDEN' | 'TRASHED';
  last_modified_at: number;
}

// The same rules as the triggers of migration 2026-11-30T0500_search_state, which copy them on later changes.
const fileKind = (r: FileSubject): SearchKind =>
  r.is_folder === 1 ? 'FOLDER' : r.media_kind === 1 ? 'PHOTO' : r.media_kind === 2 ? 'VIDEO' : r.document_type ? 'DOCUMENT' : 'OTHER';

/** "report.final.pdf" → "report.final"; folders and names without an extension stay whole. */
const stem = (name: string, isFolder: boolean) => {
  const dot = name.lastIndexOf('.');
  return isFolder || dot <= 0 || name.length - dot > 11 ? name : name.slice(0, dot);
};

type State = Pick<NewSearchEntry, 'status' | 'hidden' | 'kind' | 'document_type' | 'sort_name' | 'taken_at'>;

function entry(
  kind: SearchSubjectKind,
  s: { id: string; owner: string; name: string; exact: string; description?: string | null; camera?: string | null; takenDay?: number | null; at: number },
  state: State,
): NewSearchEntry {
  const name = foldText(s.name);
  const description = foldText(s.description ?? '');
  const camera = foldText(s.camera ?? '');
  const words = new Set([name, description, camera, ...dateWords(s.takenDay ?? null)].join(' ').split(' ').filter((w) => w !== ''));
  return {
    subject_kind: kind,
    subject_id: s.id,
    owner_id: s.owner,
    name,
    name_exact: foldText(s.exact),
    description,
    camera,
    taken_month: yearMonth(s.takenDay ?? null),
    terms: [...words].join(' '),
    modified_at: Number(s.at),
    ...state,
  };
}

/** Creates or refreshes the entries of files (create, upload, rename, description, recover under a new name, media facts). */
export async function indexFiles(db: Executor, rows: readonly FileSubject[]): Promise<void> {
  await repo.upsertEntries(
    db,
    rows.map((r) =>
      entry('file', {
        id: r.id,
        owner: r.account_id,
        name: r.name,
        exact: stem(r.name, r.is_folder === 1),
        description: r.description,
        camera: r.camera,
        takenDay: r.taken_day,
        at: r.last_modified_at,
      }, {
        status: r.status,
        hidden: r.hidden ?? 0,
        kind: fileKind(r),
        document_type: r.document_type ?? null,
        sort_name: r.name_key,
        taken_at: Number(r.taken_at ?? r.last_modified_at),
      }),
    ),
  );
}

/** Creates or refreshes the entries of albums (create, rename). */
export async function indexAlbums(db: Executor, rows: readonly AlbumSubject[]): Promise<void> {
  await repo.upsertEntries(
    db,
    rows.map((r) =>
      entry('album', { id: r.id, owner: r.account_id, name: r.label, exact: r.label, at: r.last_modified_at }, {
        // A hidden album is hidden as a hidden file is: one filter for both.
        status: r.status === 'TRASHED' ? 'TRASHED' : 'ACTIVE',
        hidden: r.status === 'HIDDEN' ? 1 : 0,
        kind: 'ALBUM',
        document_type: null,
        sort_name: r.label_key,
        taken_at: Number(r.last_modified_at),
      }),
    ),
  );
}

/** Removes the entries of subjects deleted for good. */
export const unindex = (db: Executor, kind: SearchSubjectKind, ids: readonly string[]): Promise<void> => repo.deleteEntries(db, kind, ids);

const BACKFILL_BATCH = 1000;

/** Indexes files and albums that have no entry yet (rows from before the index existed); run at start. */
export async function indexMissing(db: Kysely<DB>): Promise<number> {
  let total = 0;
  for (;;) {
    const files = await repo.filesWithoutEntry(db, BACKFILL_BATCH);
    const albums = await repo.albumsWithoutEntry(db, BACKFILL_BATCH);
    if (files.length === 0 && albums.length === 0) return total;
    await db.transaction().execute(async (trx) => {
      await indexFiles(trx, files);
      await indexAlbums(trx, albums);
    });
    total += files.length + albums.length;
  }
}
