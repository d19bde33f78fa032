import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** DELETED: deletion was asked for; the account cannot sign in and a job is removing everything it owns. */
export type AccountStatus = 'ACTIVE' | 'READ_ONLY' | 'DELETED';

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
  /** Blob key of the 512 px profile photo. */
  photo_key: string | null;
  address: string | null;
  /** 'YYYY-MM-DD'. */
  birthday: string | null;
  /** When the e-mail address was proven (sign-up code by e-mail, or a verification link); null if never. */
  email_verified_at: number | null;
  /** A new address waiting for its verification link. */
  pending_email: string | null;
  eula_id: number;
  created_at: number;
  updated_at: number;
  /** A second address for password recovery; recovery uses it only once `recovery_email_verified_at` is set. */
  recovery_email: string | null;
  recovery_email_verified_at: number | null;
  /** From the recovery module's fixed catalogue; the answer is hashed like a password. */
  security_question_id: number | null;
  security_answer_hash: string | null;
  /** End of the grace period after a failed renewal (written by account.plan.ts for the packages module); null otherwise. */
  grace_until: number | null;
  /**
   * When an operator suspended the account (issue 27): it cannot sign in, its sessions are ended and its public links
   * answer not found; nothing is deleted, and unsuspending (null) restores it as it was. Null when not suspended.
   */
  suspended_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Bytes of live quota grants, included in quota_bytes (so the plan's own quota is quota_bytes - bonus_bytes). */
  bonus_bytes: Generated<number>;
  // Prefix-search keys for the operator console, written by `account.search.ts` with every change of the fields.
  search_name: ColumnType<string | null, string | null | undefined, string | null>;
  search_surname: ColumnType<string | null, string | null | undefined, string | null>;
  search_email: ColumnType<string | null, string | null | undefined, string | null>;
  search_phone: ColumnType<string | null, string | null | undefined, string | null>;
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

// EMAIL: a link to a new address; EMAIL_VERIFY: a link proving the current one (added for issue 26).
export type ContactKind = 'EMAIL' | 'EMAIL_VERIFY' | 'PHONE_CHANGE' | 'PHONE_VERIFY';

/** A pending proof of a contact: a link to a new e-mail address, or a code to a new or the current phone. */
export interface ContactVerificationTable {
  id: string;
  account_id: string;
  kind: ContactKind;
  reference_hash: string;
  target: string;
  country_code: string | null;
  phone_number: string | null;
  otp_hash: string | null;
  attempts: Generated<number>;
  resends: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}
export type ContactVerification = Selectable<ContactVerificationTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    contact_verification: ContactVerificationTable;
  }
}

/** Bonus storage an operator granted until `expires_at`; counts in the account's quota until the expiry job ends it. */
export interface QuotaGrantTable {
  id: string;
  account_id: string;
  bytes: number;
  granted_at: number;
  expires_at: number;
  ended_at: number | null;
  operator_id: string | null;
}
export type QuotaGrant = Selectable<QuotaGrantTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    quota_grant: QuotaGrantTable;
  }
}
