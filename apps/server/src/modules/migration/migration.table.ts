import type { Insertable, Selectable } from 'kysely';

/** One Dropbox account linked to one of ours: the authorisation in flight, then the tokens (sealed at rest). */
export interface DropboxConnectionTable {
  account_id: string;
  /** SHA-256 of the OAuth `state` of the authorisation in flight; null once connected. */
  state_hash: string | null;
  /** The PKCE code verifier, sealed; only the exchange of the code needs it. */
  verifier_sealed: string | null;
  redirect_uri: string | null;
  requested_at: number | null;
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  /** When the access token runs out (ms); null: no expiry known. */
  access_expires_at: number | null;
  dropbox_account_id: string | null;
  email: string | null;
  display_name: string | null;
  /** Null while only an authorisation is in flight. */
  connected_at: number | null;
}

export type ImportStatus = 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';

/** The account's latest import: its saved cursor and counters, so a restarted job goes on where it stopped. */
export interface DropboxImportTable {
  account_id: string;
  status: ImportStatus;
  /** This run's id: the job carries it, so a job of an earlier run finds itself stale and stops. */
  run_id: string;
  dropbox_account_id: string;
  /** Our "Dropbox" folder the tree goes into. */
  folder_id: string | null;
  /** `list_folder` cursor after the last page wholly imported; null: start from the beginning. */
  cursor: string | null;
  files_total: number;
  bytes_total: number;
  files_done: number;
  bytes_done: number;
  /** Already imported by an earlier run with the same content (not imported again). */
  files_unchanged: number;
  files_failed: number;
  /** JSON: [{ path, reason }], the first ones only. */
  failures: string;
  started_at: number;
  /** When this process took the job up (speed counts from here). */
  resumed_at: number;
  bytes_at_resume: number;
  finished_at: number | null;
  updated_at: number;
}

/** A Dropbox file or folder already brought in, by its lower-case path: what a resume skips and a re-run compares. */
export interface DropboxItemTable {
  account_id: string;
  path_lower: string;
  kind: 'file' | 'folder';
  /** Our file or folder. */
  file_id: string;
  /** Dropbox's `content_hash` (or `rev` for a document exported); null for folders. */
  content_key: string | null;
  bytes: number;
  /** The run that brought it in: a resumed run finds what it already counted. */
  run_id: string;
  imported_at: number;
}

export type DropboxConnectionRow = Selectable<DropboxConnectionTable>;
export type DropboxImportRow = Selectable<DropboxImportTable>;
export type DropboxItemRow = Selectable<DropboxItemTable>;
export type NewDropboxItem = Insertable<DropboxItemTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    dropbox_connection: DropboxConnectionTable;
    dropbox_import: DropboxImportTable;
    dropbox_item: DropboxItemTable;
  }
}

export type TakeoutStatus = 'RUNNING' | 'DONE' | 'FAILED';

/** A Google Photos Takeout import: the archive (a file of the account) and the run's counters and failures. */
export interface TakeoutImportTable {
  account_id: string;
  id: string;
  /** The uploaded .zip / .tgz. */
  file_id: string;
  status: TakeoutStatus;
  /** Photos and videos in the archive; -1 until the first pass has counted them. */
  media_total: number;
  media_done: number;
  imported: number;
  /** Already here from an earlier import (or an album folder's copy of a photo already imported). */
  skipped: number;
  failed: number;
  albums: number;
  /** JSON: [{ path, reason }], the first ones only. */
  failures: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/**
 * What a Takeout import brought in: `media:<name>|<size>` for a photo (the same in every Takeout, and the same for an
 * album folder's copy of it), `album:<title>` for an album, `folder` for the "Google Photos" folder.
 */
export interface TakeoutItemTable {
  account_id: string;
  item_key: string;
  /** Our file, album or folder. */
  file_id: string;
  imported_at: number;
}

export type TakeoutImportRow = Selectable<TakeoutImportTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    takeout_import: TakeoutImportTable;
    takeout_item: TakeoutItemTable;
  }
}
