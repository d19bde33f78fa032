import type { Selectable } from 'kysely';

/** One operator action or sign-in; never updated or deleted by the app (see the hash chain in audit.chain.ts). */
export interface OperatorAuditTable {
  seq: number;
  id: string;
  at: number;
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  target_kind: string;
  target_id: string | null;
  account_id: string | null;
  ip: string | null;
  reason: string | null;
  before_json: string | null;
  after_json: string | null;
  prev_hash: string;
  hash: string;
}
export type OperatorAudit = Selectable<OperatorAuditTable>;

/** The chain's head: the last row's seq and hash (one row, id 1). */
export interface OperatorAuditHeadTable {
  id: number;
  seq: number;
  hash: string;
}

declare module '../../infra/db/schema.js' {
  interface DB {
    operator_audit: OperatorAuditTable;
    operator_audit_head: OperatorAuditHeadTable;
  }
}
