import type { Selectable } from 'kysely';

export interface SessionTable {
  id: string;
  account_id: string;
  token_hash: string;
  remember_family: string | null;
  device_uuid: string;
  device_name: string;
  device_type: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}
export type Session = Selectable<SessionTable>;

export interface RememberMeTokenTable {
  id: string;
  account_id: string;
  family_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  /** Set when the token is used: its successor is derived from it and the token, so a replay in grace gets the same one. */
  successor_seed: string | null;
}
export type RememberMeToken = Selectable<RememberMeTokenTable>;

/** Sign-in lockout per account (or per unknown username): failures in a row, lockouts in a row, until when. */
export interface LoginLockoutTable {
  key: string;
  failures: number;
  level: number;
  locked_until: number;
  updated_at: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    login_lockout: LoginLockoutTable;
    remember_me_token: RememberMeTokenTable;
    session: SessionTable;
  }
}
