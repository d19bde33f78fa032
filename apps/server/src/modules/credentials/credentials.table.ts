import type { Selectable } from 'kysely';

export interface RecoveryEmailTokenTable {
  id: string;
  account_id: string;
  /** The address the link went to: it verifies only while the account's recovery e-mail is still this one. */
  email: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type RecoveryEmailToken = Selectable<RecoveryEmailTokenTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    recovery_email_token: RecoveryEmailTokenTable;
  }
}
