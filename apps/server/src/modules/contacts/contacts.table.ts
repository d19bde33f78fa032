import type { Insertable, Selectable } from 'kysely';

/** Where a version came from: a .vcf import, a phone over CardDAV (the daily version), or a restore. */
export type ContactVersionSource = 'IMPORT' | 'SYNC' | 'RESTORE';

/** One backup version (snapshot) of an account's address book; the newest is the current address book. */
export interface ContactVersionTable {
  account_id: string;
  /** UUIDv7: versions sort by it in the order they were made. */
  id: string;
  source: ContactVersionSource;
  contact_count: number;
  created_at: number;
  /** The state of the book (contact_book.seq) the version shows: the entries visible at this seq. */
  seq: number;
  /** The state it was made with: the day's SYNC version moves `seq` on with each phone change, not this. */
  first_seq: number;
}

/** Per account: how many changes its address book has seen; a sync token is a seq, valid from `floor` on. */
export interface ContactBookTable {
  account_id: string;
  seq: number;
  /** The latest seq at which dropped entries (no version showed them) were closed: older sync tokens sync in full. */
  floor: number;
}

/** to_seq of an entry still in the address book: later than any seq, so visibility is two index conditions. */
export const OPEN_SEQ = Number.MAX_SAFE_INTEGER;

/**
 * A contact as the versions with seq in [from_seq, to_seq) show it (to_seq OPEN_SEQ: the current address book). Versions
 * share the entries of unchanged contacts, so a phone's one-card change closes one entry and opens one.
 */
export interface ContactEntryTable {
  account_id: string;
  row_id: string;
  /** Stable across versions for the same card (its CardDAV resource is `<id>.vcf`). */
  contact_id: string;
  from_seq: number;
  to_seq: number;
  /** Place in the first-name order (Unicode collation) as an integer: entries visible together sort by it. */
  sort_key: number;
  /** What the order compares first (the given name, else the display name). */
  sort_first: string;
  display_name: string;
  first_name: string;
  last_name: string;
  /** The phones and e-mails as JSON arrays of strings, for the list's columns. */
  phones_json: string;
  emails_json: string;
  /** Folded names, phones and e-mails between spaces (search-index folding: İ/ı, accents, Arabic variants). */
  search_text: string;
  /** The card's content hash: its CardDAV ETag and its key in contact_card. */
  etag: string;
}

/** A card's whole content (contacts.card.ts Card, photo included) by its hash, stored once however many entries show it. */
export interface ContactCardTable {
  account_id: string;
  etag: string;
  card_json: string;
}

export type ContactVersion = Selectable<ContactVersionTable>;
export type ContactEntry = Selectable<ContactEntryTable>;
export type NewContactEntry = Insertable<ContactEntryTable>;
/** An entry's content, before it gets its row id, seq and sort key. */
export type EntryContent = Omit<NewContactEntry, 'account_id' | 'row_id' | 'from_seq' | 'to_seq' | 'sort_key'>;

declare module '../../infra/db/schema.js' {
  interface DB {
    contact_version: ContactVersionTable;
    contact_book: ContactBookTable;
    contact_entry: ContactEntryTable;
    contact_card: ContactCardTable;
  }
}
