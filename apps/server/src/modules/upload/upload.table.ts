import type { Selectable } from 'kysely';

export type UploadStatus = 'OPEN' | 'COMPLETING' | 'DONE' | 'ABORTED';

export interface UploadTable {
  id: string;
  account_id: string;
  parent_id: string;
  name: string;
  content_type: string;
  /** X-Meta-Strategy: 0 keep both with a numbered name, 1 replace. */
  strategy: number;
  favourite: number;
  device_type: string;
  total_bytes: number;
  received_bytes: number;
  part_count: number;
  /** The blob store's state for continuing the pieces (BlobStore.writePiece); NULL before the first piece. */
  piece_state: string | null;
  status: UploadStatus;
  /** The client's capture date hint (x-object-meta-taken-at): the file's provisional timeline date until the media job reads it. */
  taken_at: number | null;
  taken_day: number | null;
  /** The uploader's time zone (x-object-meta-time-zone, canonical): the day of a photo without a capture date. */
  time_zone: string | null;
  /**
   * 1 while its total_bytes are held in the account's reserved_bytes; 0 once housekeeping gave an idle upload's
   * reservation back (it stays resumable and reserves again when it resumes or commits).
   */
  reserved: number;
  /** 1: x-object-meta-family-library, the file lands in the uploader's family library when it is committed (issue 35). */
  family: number;
  /**
   * Issue 35: the pieces this upload skipped, as JSON `[{ at, parts: [{ key, offset, bytes }] }]` (`at`: the piece's
   * offset in the file; `parts`: where the account holds its bytes). NULL when every byte was received. The pieces
   * received go to the upload's own blob one after another, so their offset there is `at` minus the bytes skipped before.
   */
  parts: string | null;
  created_at: number;
  updated_at: number;
}
export type UploadRow = Selectable<UploadTable>;

/**
 * Issue 35: one 8 MiB piece (at an 8 MiB boundary; the last may be shorter) of a file the account holds, so a later
 * upload of that account can skip a piece with the same SHA-256. Only ever read for its own account.
 */
export interface ContentPieceTable {
  account_id: string;
  file_id: string;
  offset: number;
  bytes: number;
  sha256: string;
  /** The blob the piece was read from: a row answers only while its file still names this blob. */
  blob_key: string | null;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    upload: UploadTable;
    content_piece: ContentPieceTable;
  }
}
