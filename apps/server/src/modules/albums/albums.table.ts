import type { Insertable, Selectable, Updateable } from 'kysely';

export type AlbumStatus = 'ACTIVE' | 'HIDDEN' | 'TRASHED';
export type AlbumContentType = 'album/photo' | 'album/person' | 'album/location' | 'album/object';

export interface AlbumTable {
  id: string;
  account_id: string;
  label: string;
  label_key: string;
  content_type: AlbumContentType;
  icon: string;
  status: AlbumStatus;
  /** The chosen cover; only shown while it is an active, not hidden member. */
  cover_file_id: string | null;
  created_at: number;
  last_modified_at: number;
}
export type AlbumRow = Selectable<AlbumTable>;
export type NewAlbum = Insertable<AlbumTable>;
export type AlbumUpdate = Updateable<AlbumTable>;

export interface AlbumFileTable {
  album_id: string;
  file_id: string;
  added_at: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    album_file: AlbumFileTable;
    album: AlbumTable;
  }
}
