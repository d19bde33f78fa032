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

/** An account's two-factor sign-in: the switch and the authenticator secret (sealed with the server's key). */
export interface TwoFactorTable {
  account_id: string;
  enabled: number;
  totp_secret: string | null;
  /** Set up but not yet confirmed with a code: becomes totp_secret on enable. */
  totp_pending_secret: string | null;
  totp_pending_at: number | null;
  totp_last_step: number | null;
  updated_at: number;
}

export interface TwoFactorRecoveryCodeTable {
  id: string;
  account_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** The second step a password (or other single-factor) sign-in opened; `token_hash` is SHA-256 of the challenge token. */
export interface TwoFactorChallengeTable {
  id: string;
  token_hash: string;
  account_id: string;
  remember_me: number;
  device_uuid: string;
  device_name: string;
  device_type: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  attempts: number;
  sends: number;
  code_channel: string | null;
  code_hash: string | null;
  code_expires_at: number | null;
}
export type TwoFactorChallenge = Selectable<TwoFactorChallengeTable>;

/** How a sign-in ended (issue 27: the operator console shows the history; kept 90 days). */
export type SignInResult = 'SUCCESS' | 'WRONG_PASSWORD' | 'WRONG_CODE' | 'LOCKED' | 'SUSPENDED';

/** One sign-in attempt of a known account: when, from which address, which kind of device, how it ended. */
export interface SignInEventTable {
  id: string;
  account_id: string;
  at: number;
  ip: string;
  device_type: string;
  result: SignInResult;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    sign_in_event: SignInEventTable;
    login_lockout: LoginLockoutTable;
    remember_me_token: RememberMeTokenTable;
    session: SessionTable;
    two_factor: TwoFactorTable;
    two_factor_recovery_code: TwoFactorRecoveryCodeTable;
    two_factor_challenge: TwoFactorChallengeTable;
  }
}
