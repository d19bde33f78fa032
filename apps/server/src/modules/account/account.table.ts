import type { Insertable, Selectable, Updateable } from 'kysely';

export type AccountStatus = 'ACTIVE' | 'READ_ONLY';

export interface AccountTable {
  id: string;
  email: string;
  country_code: string;
  phone_number: string;
  phone_e164: string;
  /** When the phone number was proven by a code sent to it; null if never. */
  phone_verified_at: number | null;
  password_hash: string;
  name: string;
  surname: string;
  language: string;
  status: AccountStatus;
  account_type: string;
  project_id: string;
  quota_bytes: number;
  used_bytes: number;
  /** Bytes held by uploads in progress, so parallel uploads cannot overshoot the quota together. */
  reserved_bytes: number;
  is_family_member: number;
  is_family_admin: number;
  photo_key: string | null;
  eula_id: number;
  created_at: number;
  updated_at: number;
}
export type Account = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;
export type AccountUpdate = Updateable<AccountTable>;

export interface AccountSettingTable {
  account_id: string;
  param: string;
  value: string;
}

export interface AuthorityTable {
  account_id: string;
  type: string;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    account_setting: AccountSettingTable;
    account: AccountTable;
    authority: AuthorityTable;
  }
}
