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
}

/** A contact of one version; versions never change once written, so its position in the sort order is stored. */
export interface ContactTable {
  account_id: string;
  version_id: string;
  /** Stable across versions for the same card (its CardDAV resource is `<id>.vcf`). */
  id: string;
  /** 0-based place in the version's order by first name (Unicode collation), so any page is one index range. */
  position: number;
  display_name: string;
  first_name: string;
  last_name: string;
  /** The phones and e-mails as JSON arrays of strings, for the list's columns. */
  phones_json: string;
  emails_json: string;
  /** Folded names, phones and e-mails between spaces (search-index folding: İ/ı, accents, Arabic variants). */
  search_text: string;
  /** The whole card (contacts.card.ts Card) as JSON, photo included. */
  card_json: string;
  etag: string;
}

export type ContactVersion = Selectable<ContactVersionTable>;
export type Contact = Selectable<ContactTable>;
export type NewContact = Insertable<ContactTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    contact_version: ContactVersionTable;
    contact: ContactTable;
  }
}
