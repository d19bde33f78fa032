import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type FileStatus = 'ACTIVE' | 'TRASHED';
export type DocumentType = 'WORD' | 'PDF' | 'CELL' | 'SLIDE';
export type MediaStatus = 'PENDING' | 'READY' | 'FAILED';
export const MEDIA_KIND = { image: 1, video: 2 } as const;
/** file.facts_given bits. */
export const FACT_GIVEN = { date: 1, place: 2 } as const;

/** The account's root folder; items at the top level have this parent. */
export const ROOT = '';

/** Where a file's bytes live in the blob store (an account's blobs share its prefix, deleted with it). */
export const fileBlobKey = (accountId: string, id: string) => `users/${accountId}/files/${id}`;

export interface FileTable {
  id: string;
  account_id: string;
  parent_id: string;
  name: string;
  name_key: string;
  is_folder: number;
  bytes: number;
  content_type: string;
  document_type: DocumentType | null;
  blob_key: string | null;
  sha256: string | null;
  favourite: number;
  hidden: number;
  description: string | null;
  status: FileStatus;
  trashed_at: number | null;
  trash_root_id: string | null;
  device_type: string;
  created_at: number;
  last_modified_at: number;
  // --- media facts and derivatives (images and videos), set by the media.process job
  /** Epoch ms the photo was taken (EXIF), else the upload time. */
  taken_at: number | null;
  /** Pixel size as displayed, after EXIF orientation. */
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  latitude: number | null;
  longitude: number | null;
  camera: string | null;
  orientation: number | null;
  /** ThumbHash, base64. */
  placeholder: string | null;
  thumb_key: string | null;
  /** The 128 px square thumbnail for list rows and icons (issue 36); null until made (the backfill fills old rows). */
  small_thumb_key: string | null;
  preview_key: string | null;
  media_status: MediaStatus | null;
  media_error: string | null;
  // --- photo timeline
  /**
   * YYYYMMDD of the local day the photo was taken: the EXIF wall clock, else the day of upload in `time_zone` (the
   * UTC day when that is null); null for non-media.
   */
  taken_day: number | null;
  /** The uploader's time zone (IANA name or "+03:00"), as the browser reported it; null before issue 26 or when not sent. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** MEDIA_KIND of a photo or video; null for everything else. */
  media_kind: number | null;
  /** 0/1: a generated video slideshow. */
  video_slideshow: Generated<number>;
  /** Who saved the current content (the owner, or an editor of a share); null: the owner (rows before issue 33). */
  content_saved_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the current content was saved, when that differs from the row's creation (a restore, an editor's save). */
  content_saved_at: ColumnType<number | null, number | null | undefined, number | null>;
  // --- family library (issue 35)
  /** The family whose library holds this photo (it then leaves its owner's own timeline); null: the owner's own. */
  family_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when its owner left the family without room to take it back: readable by them until then, then deleted. */
  family_held_until: ColumnType<number | null, number | null | undefined, number | null>;
  /** FACT_GIVEN bits: capture facts someone gave (a Takeout sidecar), which the media job leaves as they are. */
  facts_given: Generated<number>;
}
export type FileRow = Selectable<FileTable>;
export type NewFile = Insertable<FileTable>;
export type FileUpdate = Updateable<FileTable>;

export interface FileActivityTable {
  id: string;
  account_id: string;
  file_id: string;
  action: string;
  name: string;
  is_folder: number;
  created_at: number;
}

/** Where the page last served under a number ended, per listing (account, folder, sort, page size, folders only). */
export interface ListingBoundaryTable {
  listing: string;
  page: number;
  account_id: string;
  /** JSON [is_folder, sort key, id]. */
  position: string;
  updated_at: number;
}
export type ListingBoundaryRow = Selectable<ListingBoundaryTable>;
export type NewListingBoundary = Insertable<ListingBoundaryTable>;

/** An earlier content of a file (issue 33): its blob stays where it was written, the row says whose and when. */
export interface FileVersionTable {
  id: string;
  file_id: string;
  /** The file's owner: the bytes count against this account's quota. */
  account_id: string;
  blob_key: string;
  bytes: number;
  content_type: string;
  sha256: string | null;
  /** Who saved this content (the owner or an editor of a share); null: the owner. */
  saved_by: string | null;
  /** When this content was saved. */
  saved_at: number;
  /** When it stopped being the file's content (became a version). */
  created_at: number;
}
export type FileVersionRow = Selectable<FileVersionTable>;

/**
 * Bytes that file contents share across accounts (issue 35), content-addressed by SHA-256 and size. `refs` counts the
 * rows naming the key: raised by each link, recounted under the row's lock whenever a release is processed (the count
 * that decides). LIVE: new files may link to it; DYING: claimed for deletion, its blob goes next, then the row.
 */
export interface ContentBlobTable {
  key: string;
  sha256: string;
  bytes: number;
  refs: number;
  state: 'LIVE' | 'DYING';
  created_at: number;
  checked_at: number;
}
export type ContentBlobRow = Selectable<ContentBlobTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    content_blob: ContentBlobTable;
    file_activity: FileActivityTable;
    file: FileTable;
    file_version: FileVersionTable;
    listing_boundary: ListingBoundaryTable;
  }
}
