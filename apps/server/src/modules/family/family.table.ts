import type { Insertable, Selectable } from 'kysely';

export type FamilyRole = 'ADMIN' | 'MEMBER';
export type FamilyInvitationStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';
export type ContactKind = 'EMAIL' | 'PHONE';

/** One family per admin while the admin's plan is a family package; its pool is the admin's plan quota. */
export interface FamilyTable {
  id: string;
  admin_account_id: string;
  package_id: string | null;
  max_members: number;
  quota_bytes: number;
  status: 'ACTIVE';
  created_at: number;
  updated_at: number;
}

export interface FamilyMemberTable {
  family_id: string;
  account_id: string;
  role: FamilyRole;
  /** The admin's cap on this member's share of the pool; null: the whole pool. */
  limit_bytes: number | null;
  joined_at: number;
}

export interface FamilyInvitationTable {
  id: string;
  family_id: string;
  contact_kind: ContactKind;
  contact: string;
  country_code: string | null;
  token_hash: string;
  status: FamilyInvitationStatus;
  created_at: number;
  expires_at: number;
  answered_at: number | null;
  invitee_account_id: string | null;
}

/** An album of the family library (issue 35): the family's, seen and edited by every member. */
export interface FamilyAlbumTable {
  id: string;
  family_id: string;
  name: string;
  created_by: string;
  cover_file_id: string | null;
  created_at: number;
  modified_at: number;
}

/** An item of the family library in a family album; it counts only while the item is in that library. */
export interface FamilyAlbumFileTable {
  album_id: string;
  file_id: string;
  added_by: string;
  added_at: number;
}

export type Family = Selectable<FamilyTable>;
export type FamilyAlbum = Selectable<FamilyAlbumTable>;
export type FamilyMember = Selectable<FamilyMemberTable>;
export type FamilyInvitation = Selectable<FamilyInvitationTable>;
export type NewFamilyInvitation = Insertable<FamilyInvitationTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    family: FamilyTable;
    family_member: FamilyMemberTable;
    family_invitation: FamilyInvitationTable;
    family_album: FamilyAlbumTable;
    family_album_file: FamilyAlbumFileTable;
  }
}
