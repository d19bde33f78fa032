import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * What can be found: a generic subject (kind + id + owner), so people, places and things add their names later as
 * new kinds without a new table. The text columns are folded (search.fold.ts); `terms` is every word the subject is
 * found by and is what the full-text index covers (FTS5 table `search_fts` on SQLite, a tsvector on PostgreSQL).
 * What a search filters and orders by (status, hidden, kind, sort keys) is copied from the subject: by the writer when it
 * indexes, and by triggers on file and album in the statement of every later change (trash, recover, hide, move, media
 * facts), so a page and its counts are read from this table's indexes alone.
 */
export type SearchSubjectKind = 'file' | 'album' | EntityKind;
/** People, places and things: found by every name they have (any language), shown as albums of their stream. */
export type EntityKind = 'person' | 'place' | 'thing';
export const ENTITY_KINDS: readonly EntityKind[] = ['person', 'place', 'thing'];

/** How a hit shows to the client. */
export const SEARCH_KINDS = ['PHOTO', 'VIDEO', 'DOCUMENT', 'FOLDER', 'ALBUM', 'OTHER'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export type SearchDocumentType = 'WORD' | 'PDF' | 'CELL' | 'SLIDE';

export interface SearchEntryTable {
  /** Integer key the full-text index refers to; never leaves the server. */
  seq: Generated<number>;
  subject_kind: SearchSubjectKind;
  subject_id: string;
  owner_id: string;
  /** Folded name, e.g. "istanbul 2024 jpg"; an entity's every name, e.g. "dog kopek hund". */
  name: string;
  /** Folded name without its extension (an entity's display name): equal to the folded query means an exact hit. */
  name_exact: string;
  description: string;
  camera: string;
  /** YYYYMM of capture, or null. */
  taken_month: number | null;
  terms: string;
  /** The subject's last modification (kept current by triggers). */
  modified_at: number;
  /** ACTIVE or TRASHED. */
  status: SearchEntryStatus;
  /** 0/1: a hidden file, or an album (person, place, thing) whose status is HIDDEN. */
  hidden: number;
  kind: SearchKind;
  document_type: SearchDocumentType | null;
  /** The subject's name key (files) or label key (albums), for `sortBy=name`. */
  sort_name: string;
  /** Date of capture, else last modification, for `sortBy=takenDate`. */
  taken_at: number;
}
export type SearchEntryStatus = 'ACTIVE' | 'TRASHED';
export type SearchEntryRow = Selectable<SearchEntryTable>;
export type NewSearchEntry = Insertable<SearchEntryTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    search_entry: SearchEntryTable;
  }
}
