import type { Selectable } from 'kysely';

export type PersonStatus = 'ACTIVE' | 'HIDDEN' | 'TRASHED';

/** A group of faces of one account believed to be the same person; unnamed until the owner labels it. */
export interface PersonTable {
  id: string;
  account_id: string;
  label: string | null;
  /** The label folded for lookups and sorting (lower case, trimmed); null while unnamed. */
  label_key: string | null;
  status: PersonStatus;
  /** The owner's chosen face; null: the best-scoring face of the person is shown. */
  thumbnail_face_id: string | null;
  created_at: number;
  modified_at: number;
}

/** One face found on a photo. The box is in fractions (0..1) of the photo, so it holds for any rendition. */
export interface FaceTable {
  id: string;
  account_id: string;
  file_id: string;
  person_id: string | null;
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
  score: number;
  /** The embedding as Float32 little-endian (BLOB on SQLite, bytea on PostgreSQL). */
  descriptor: Buffer;
  /** Blob key of the 256 px square WebP crop; null when it could not be made. */
  crop_key: string | null;
  created_at: number;
}

/** "Not this person": the face is never assigned to that person again, not even by regrouping. */
export interface FaceRejectionTable {
  face_id: string;
  person_id: string;
}

/** The photo was analysed (even when it has no face): drives the backfill and its progress. */
export interface FaceScanTable {
  file_id: string;
  account_id: string;
  scanned_at: number;
}

/** The account's choice; no row: recognition is on (for premium accounts). */
export interface FaceSettingTable {
  account_id: string;
  /** 1: on, 0: off (integers on both dialects, like the account flags). */
  enabled: number;
}

/** An account that has face data but no premium since `premium_ended_at`: the data goes 30 days later. */
export interface FaceRetentionTable {
  account_id: string;
  premium_ended_at: number;
}

/** A person of a family library (issue 35): the family's own grouping of the faces on its library's photos. */
export interface FamilyPersonTable {
  id: string;
  family_id: string;
  /** The family's name for this person, given by any member and seen by all; never a member's private name. */
  label: string | null;
  label_key: string | null;
  labelled_by: string | null;
  created_at: number;
  modified_at: number;
}

/** One face (its adder's row) in one person of the family whose library holds its photo. */
export interface FamilyFaceTable {
  face_id: string;
  family_id: string;
  person_id: string;
}

/** "Not this person" for a family person: the face never joins that person again when the family is regrouped. */
export interface FamilyFaceRejectionTable {
  face_id: string;
  family_id: string;
  /** No foreign key: the rejection outlives a person emptied by it, so its lost faces do not regroup as one. */
  person_id: string;
}

export type Person = Selectable<PersonTable>;
export type Face = Selectable<FaceTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    person: PersonTable;
    face: FaceTable;
    face_rejection: FaceRejectionTable;
    face_scan: FaceScanTable;
    face_setting: FaceSettingTable;
    face_retention: FaceRetentionTable;
    family_person: FamilyPersonTable;
    family_face: FamilyFaceTable;
    family_face_rejection: FamilyFaceRejectionTable;
  }
}
