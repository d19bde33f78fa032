import type { Selectable } from 'kysely';
import type { OperatorRole } from '../../shared/access/operator-roles.js';

/** A console operator (issue 27): apart from subscribers, with a password and a mandatory authenticator app. */
export interface OperatorTable {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  status: 'ACTIVE' | 'DISABLED';
  /** Null until the set-up link is used. */
  password_hash: string | null;
  /** Sealed with the two-factor key; null until the first code confirms enrolment. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  failures: number;
  locked_until: number | null;
  created_at: number;
  last_sign_in_at: number | null;
}
export type Operator = Selectable<OperatorTable>;

/** A one-time set-up link (24 h); only the token's hash is stored. */
export interface OperatorSetupTable {
  token_hash: string;
  operator_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** An operator's session: idle 30 min, at most 12 h, ended at once when the operator is disabled or signs out. */
export interface OperatorSessionTable {
  id: string;
  token_hash: string;
  operator_id: string;
  created_at: number;
  last_seen_at: number;
  ip: string;
  ended_at: number | null;
}

declare module '../../infra/db/schema.js' {
  interface DB {
    operator: OperatorTable;
    operator_setup: OperatorSetupTable;
    operator_session: OperatorSessionTable;
  }
}
