import type { Selectable } from 'kysely';

export type QrLoginStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'USED';

/** A QR sign-in request: the waiting screen holds `token`, the QR code shows `code`; only their hashes are stored. */
export interface QrLoginTable {
  id: string;
  token_hash: string;
  code_hash: string;
  device_name: string;
  ip: string;
  status: QrLoginStatus;
  /** Who approved it: the account the waiting screen is signed in to. */
  account_id: string | null;
  created_at: number;
  expires_at: number;
  decided_at: number | null;
}
export type QrLogin = Selectable<QrLoginTable>;

/** Operator silent sign-in tokens already used, by SHA-256 of issuer and jti, kept until they would have expired. */
export interface SilentLoginJtiTable {
  jti_hash: string;
  expires_at: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    qr_login: QrLoginTable;
    silent_login_jti: SilentLoginJtiTable;
  }
}
