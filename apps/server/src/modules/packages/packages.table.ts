import type { Insertable, Selectable, Updateable } from 'kysely';

export type PackagePeriod = 'MONTHLY' | 'YEARLY';
export type PackageType = 'STORAGE' | 'FAMILY';
export type SubscriptionStatus = 'ACTIVE' | 'CANCELLED' | 'GRACE' | 'EXPIRED';
export type OrderKind = 'PURCHASE' | 'UPGRADE' | 'RENEWAL';
export type OrderStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

/** The catalogue; the operator edits it in the database (deactivate rather than delete: orders refer to rows). */
export interface PackageTable {
  id: string;
  code: string;
  name_key: string;
  storage_bytes: number;
  period: PackagePeriod;
  price_minor: number;
  currency: string;
  premium: number;
  family: number;
  family_member_count: number;
  type: PackageType;
  active: number;
  sort: number;
  /** JSON object: interface language → the package's name in it (all 11; issue 27). */
  names: string;
  /** JSON array of the premium features it grants (PREMIUM_FEATURES; today all or none: one authority). */
  features: string;
}
export type Package = Selectable<PackageTable>;
export type NewPackage = Insertable<PackageTable>;
export type PackageUpdate = Updateable<PackageTable>;

export interface SubscriptionTable {
  account_id: string;
  package_id: string;
  status: SubscriptionStatus;
  period_start: number;
  period_end: number;
  period_price_minor: number;
  currency: string;
  pending_package_id: string | null;
  grace_until: number | null;
  next_attempt_at: number | null;
  failed_attempts: number;
  created_at: number;
  updated_at: number;
}
export type Subscription = Selectable<SubscriptionTable>;
export type NewSubscription = Insertable<SubscriptionTable>;
export type SubscriptionUpdate = Updateable<SubscriptionTable>;

export interface PackageOrderTable {
  id: string;
  account_id: string;
  package_id: string;
  kind: OrderKind;
  amount_minor: number;
  credit_minor: number;
  currency: string;
  periods: number;
  payment_id: string | null;
  action_url: string | null;
  paycell_trxn_id: string | null;
  status: OrderStatus;
  idempotency_key: string;
  created_at: number;
  completed_at: number | null;
}
export type PackageOrder = Selectable<PackageOrderTable>;
export type NewPackageOrder = Insertable<PackageOrderTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    package: PackageTable;
    subscription: SubscriptionTable;
    package_order: PackageOrderTable;
  }
}
