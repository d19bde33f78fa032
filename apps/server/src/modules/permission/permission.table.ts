import type { Selectable } from 'kysely';

export const PERMISSION_TYPES = ['ETK', 'KVKK', 'GLOBAL', 'MOBILE_PAYMENT'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

/** The current state of each permission the subscriber has answered; a missing row means never asked (not approved). */
export interface AccountPermissionTable {
  account_id: string;
  type: PermissionType;
  is_approved: number;
  updated_at: number;
}

/** Every consent given or withdrawn, kept as a record (KVKK asks for proof of consent); never updated, only added. */
export interface PermissionHistoryTable {
  id: string;
  account_id: string;
  type: PermissionType;
  is_approved: number;
  ip: string;
  created_at: number;
}
export type AccountPermission = Selectable<AccountPermissionTable>;
export type PermissionHistory = Selectable<PermissionHistoryTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    account_permission: AccountPermissionTable;
    permission_history: PermissionHistoryTable;
  }
}
