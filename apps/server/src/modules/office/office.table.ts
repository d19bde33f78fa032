import type { Insertable, Selectable } from 'kysely';

/** edit: the caller may save (owner, editor of a share); view: read only (viewer of a share, a file being edited). */
export type OfficeMode = 'edit' | 'view';

/** An editor's access token: only its SHA-256 is stored; it names one file and the caller it was issued to. */
export interface OfficeTokenTable {
  token_hash: string;
  file_id: string;
  /** The file's owner: whose tree and quota the edits touch. */
  owner_id: string;
  /** The caller (the owner, or an invitee of a share). */
  account_id: string;
  mode: OfficeMode;
  created_at: number;
  expires_at: number;
}
export type OfficeTokenRow = Selectable<OfficeTokenTable>;
export type NewOfficeToken = Insertable<OfficeTokenTable>;

/** A WOPI lock: one per file, expiring 30 minutes after it was taken or last refreshed. */
export interface OfficeLockTable {
  file_id: string;
  owner_id: string;
  account_id: string;
  lock_id: string;
  expires_at: number;
}
export type OfficeLockRow = Selectable<OfficeLockTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    office_token: OfficeTokenTable;
    office_lock: OfficeLockTable;
  }
}
