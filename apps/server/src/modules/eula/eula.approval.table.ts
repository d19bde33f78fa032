import type { Selectable } from 'kysely';

/** Each EULA version an account accepted and when: kept as the record of consent. */
export interface EulaApprovalTable {
  account_id: string;
  eula_id: number;
  ip: string;
  approved_at: number;
}
export type EulaApproval = Selectable<EulaApprovalTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    eula_approval: EulaApprovalTable;
  }
}
