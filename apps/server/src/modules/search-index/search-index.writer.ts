// The one writer of the search index. Other modules call these (through search.public.ts) inside the transaction of
// their change, so the index never disagrees with what it describes.
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { nameKey } from '../../shared/names.js';
import { foldText } from './search-index.fold.js';
import { dateWords, yearMonth } from './search-index.months.js';
import * as repo from './search-index.repository.js';
import type {
  EntityKind,
  NewSearchEntry,
  SearchDocumentType,
  SearchEntryStatus,
  SearchKind,
  SearchSubjectKind,
} from './search-index.table.js';

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

/** A person, place or thing as its module indexes it (on create, rename, status change, new names). */
export interface EntitySubject {
  kind: EntityKind;
  id: string;
  owner: string;
  /** Every name it is found by, any language. */
  names: string[];
  /** Display name (first). */
  label: string;
  status: 'ACTIVE' | 'HIDDEN' | 'TRASHED';
  modifiedAt: number;
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

/** An album's state, and a person's, place's or thing's: they show as albums. */
const albumState = (status: AlbumSubject['status'], sortName: string, at: number): State => ({
  // A hidden album is hidden as a hidden file is: one filter for both.
  status: status === 'TRASHED' ? 'TRASHED' : 'ACTIVE',
  hidden: status === 'HIDDEN' ? 1 : 0,
  kind: 'ALBUM',
  document_type: null,
  sort_name: sortName,
  taken_at: Number(at),
});

/** Creates or refreshes the entries of albums (create, rename). */
export async function indexAlbums(db: Executor, rows: readonly AlbumSubject[]): Promise<void> {
  await repo.upsertEntries(
    db,
    rows.map((r) =>
      entry(
        'album',
        { id: r.id, owner: r.account_id, name: r.label, exact: r.label, at: r.last_modified_at },
        albumState(r.status, r.label_key, r.last_modified_at),
      ),
    ),
  );
}

/**
 * Creates or refreshes the entries of people, places and things. Every name is a name word (the second rank finds
 * "köpek" as it finds "dog"); the display name is the one an exact hit equals. Their modules call this in the
 * transaction of each change, as no trigger copies their state.
 */
export async function indexEntities(db: Executor, rows: readonly EntitySubject[]): Promise<void> {
  await repo.upsertEntries(
    db,
    rows.map((r) => {
      const names = [...new Set([r.label, ...r.names].map((n) => n.trim()).filter((n) => n !== ''))];
      return entry(
        r.kind,
        { id: r.id, owner: r.owner, name: names.join(' '), exact: r.label, at: r.modifiedAt },
        albumState(r.status, nameKey(r.label), r.modifiedAt),
      );
    }),
  );
}

/** Removes the entries of people, places or things deleted for good. */
export const unindexEntities = (db: Executor, kind: EntityKind, ids: readonly string[]): Promise<void> => repo.deleteEntries(db, kind, ids);

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
