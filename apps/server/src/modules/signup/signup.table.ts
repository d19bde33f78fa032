import type { Selectable } from 'kysely';

export type OtpChannel = 'PHONE' | 'EMAIL';
export type SignupStatus = 'PENDING' | 'DONE' | 'LOCKED';

export interface SignupRequestTable {
  id: string;
  reference_hash: string;
  email: string;
  country_code: string;
  phone_number: string;
  phone_e164: string;
  password_hash: string;
  name: string;
  surname: string;
  language: string;
  eula_id: number;
  channel: OtpChannel;
  otp_hash: string;
  otp_expires_at: number;
  attempts: number;
  resends: number;
  status: SignupStatus;
  ip: string;
  created_at: number;
  /** A sign-up with Google/Apple: the verified identity to link to the new account. */
  social_provider: 'google' | 'apple' | null;
  social_subject: string | null;
  social_email: string | null;
  /** The invitation token the sign-up came with (campaigns records the referral when the account is created). */
  referrer_token: string | null;
}
export type SignupRequest = Selectable<SignupRequestTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    signup_request: SignupRequestTable;
  }
}
