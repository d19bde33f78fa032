import type { Insertable, Selectable } from 'kysely';

export type SocialProvider = 'google' | 'apple';
export type SocialIntent = 'login' | 'signup' | 'connect';
/**
 * PENDING: issued, not yet used. HANDED_OFF: a sign-in found no account for the identity, so the state (still bound to
 * that identity) may be used once more, by sign-up only. USED: spent.
 */
export type SocialStateStatus = 'PENDING' | 'HANDED_OFF' | 'USED';

/** A provider account (its `sub`) linked to one of ours; one per provider and account. */
export interface SocialIdentityTable {
  id: string;
  provider: SocialProvider;
  subject: string;
  account_id: string;
  email: string | null;
  created_at: number;
}
export type SocialIdentity = Selectable<SocialIdentityTable>;

/** One authorization request: the state and nonce sent to the provider (both stored hashed). */
export interface SocialLoginStateTable {
  id: string;
  state_hash: string;
  nonce_hash: string;
  provider: SocialProvider;
  intent: SocialIntent;
  status: SocialStateStatus;
  /** Set when handed off: the identity the sign-up must present again. */
  subject: string | null;
  expires_at: number;
  created_at: number;
}
export type SocialLoginState = Selectable<SocialLoginStateTable>;

/** Apple's form_post answer, parked under a one-time key for the web page it redirects to. */
export interface SocialCallbackTable {
  key_hash: string;
  provider: SocialProvider;
  id_token: string;
  state: string;
  expires_at: number;
  created_at: number;
}
export type NewSocialCallback = Insertable<SocialCallbackTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    social_identity: SocialIdentityTable;
    social_login_state: SocialLoginStateTable;
    social_callback: SocialCallbackTable;
  }
}
