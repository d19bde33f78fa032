import type { Insertable, Selectable } from 'kysely';

export type ShareRoleName = 'VIEWER' | 'EDITOR';

export interface ShareTable {
  id: string;
  /** The owner of the shared item. */
  account_id: string;
  file_id: string;
  /** Lower-cased e-mail address or E.164 phone number the invitation went to. */
  identifier: string;
  /** The invitee's account; null until someone signs up with that contact (an INVITATION). */
  invitee_id: string | null;
  role: ShareRoleName;
  created_at: number;
  updated_at: number;
  /** End of a limited duration; null for UNLIMITED. */
  expires_at: number | null;
  /** When the owner removed the invitee or the invitee left; the row stays a while so the viewer can say so. */
  removed_at: number | null;
}
export type ShareRow = Selectable<ShareTable>;
export type NewShare = Insertable<ShareTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    share: ShareTable;
  }
}
