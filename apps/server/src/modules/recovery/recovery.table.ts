import type { Selectable } from 'kysely';
import type { RecoveryFlow } from './recovery.schemas.js';

/** PENDING until every factor is proven, then VERIFIED; DONE once the password was set; LOCKED after too many tries. */
export type RecoveryRowStatus = 'PENDING' | 'VERIFIED' | 'DONE' | 'LOCKED';

export interface PasswordRecoveryTable {
  id: string;
  reference_hash: string;
  /** Null for a username no account has: the row then answers like a real one and can never be verified. */
  account_id: string | null;
  /** The captcha budget this recovery spends: the account, or the username as typed. */
  subject: string;
  flow: RecoveryFlow;
  /** JSON: every method of the recovery with its masked content, fixed at the start. */
  methods: string;
  security_question_id: number | null;
  factors_required: number;
  /** Comma-separated methods proven so far, in order. */
  verified_methods: string;
  selected_method: string | null;
  otp_hash: string | null;
  otp_expires_at: number | null;
  link_hash: string | null;
  link_expires_at: number | null;
  link_used_at: number | null;
  /** Wrong codes, answers and links together. */
  attempts: number;
  /** Sends again of the selected method. */
  resends: number;
  /** Methods chosen (each sends a code or link). */
  selections: number;
  status: RecoveryRowStatus;
  ip: string;
  created_at: number;
  expires_at: number;
}
export type PasswordRecovery = Selectable<PasswordRecoveryTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    password_recovery: PasswordRecoveryTable;
  }
}
