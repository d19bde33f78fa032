import type { Generated, Insertable, Selectable } from 'kysely';

/** What a live entity link names: a person (people module) or a place (places module). */
export type LinkEntityKind = 'person' | 'place';

/** A public link. The token itself is never stored (see public-links.token.ts). */
export interface ShareLinkTable {
  id: string;
  account_id: string;
  /** SHA-256 (hex) of the token: the look-up key. */
  token_hash: string;
  /** Random; the server's link key turns it into the token, so the owner can copy the link again. */
  nonce: string;
  /** An album link (live on the album's current photos); null for a link to files and folders. */
  album_id: string | null;
  /** A live link to a person's or a place's photos, read at visit time; null for files and albums. */
  entity_kind: LinkEntityKind | null;
  entity_id: string | null;
  /** 1: the visitor sees the album's, person's or place's name; 0: the owner chose to keep it to themselves. */
  show_name: Generated<number>;
  /** The album's label or the first item's name when the link was made. */
  name: string;
  name_key: string;
  /** The item ids, sorted and joined by ",": "my link on exactly this set". */
  item_set: string;
  password_hash: string | null;
  expires_at: number | null;
  created_at: number;
}
export type ShareLinkRow = Selectable<ShareLinkTable>;
export type NewShareLink = Insertable<ShareLinkTable>;

export interface ShareLinkItemTable {
  link_id: string;
  file_id: string;
  /** The order the owner chose the items in. */
  position: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    share_link: ShareLinkTable;
    share_link_item: ShareLinkItemTable;
  }
}
