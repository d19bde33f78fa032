/**
 * The console API's shapes, taken from the client types generated from the server's OpenAPI
 * (apps/server/openapi.json → `npm run generate:api -w apps/web` → api/generated/types-only.ts, operationIds ops*), so
 * they cannot drift from the server: a changed route schema changes them, and the screens stop compiling where they
 * no longer fit. Only names are given here; nothing is restated by hand.
 */
import type * as api from '@/api/generated/types-only';

type ItemOf<T extends { items: readonly unknown[] }> = T['items'][number];

export type OperatorRole = api.OperatorMe['role'];
export const OPERATOR_ROLES = ['admin', 'support', 'marketing', 'finance'] as const satisfies readonly OperatorRole[];

/** Every operator permission a console route declares (its `x-permission` in the OpenAPI; types.test.ts compares). */
export const OPS_PERMISSIONS = [
  'ops.self',
  'ops.dashboard.read',
  'ops.subscriber.read',
  'ops.subscriber.write',
  'ops.subscriber.identity',
  'ops.operator.manage',
  'ops.plan.read',
  'ops.plan.write',
  'ops.config.read',
  'ops.config.write',
  'ops.order.read',
  'ops.order.refund',
  'ops.audit.read',
  'ops.draw.read',
  'ops.draw.write',
  'ops.campaign.read',
  'ops.campaign.write',
  'ops.support.read',
  'ops.support.write',
] as const;
export type OpsPermission = (typeof OPS_PERMISSIONS)[number];

export type OperatorMe = api.OperatorMe;
export type SignedIn = api.OpsLoginTotpApiResponse;
export type SetupInfo = api.OpsSetupInfoApiResponse;
export type SetupEnrolment = api.OpsSetupPasswordApiResponse;
export type Operator = api.OperatorSummary;

export type AuditEntry = api.AuditEntry;
export type AuditPage = api.OpsListAuditApiResponse;
export type AuditVerification = api.OpsVerifyAuditApiResponse;
export type AuditFilter = api.OpsListAuditApiArg;

export type SubscriberSummary = ItemOf<api.OpsSearchSubscribersApiResponse>;
export type SubscriberStatus = SubscriberSummary['status'];
export type SubscriberDetail = api.OpsGetSubscriberApiResponse;
export type UsageByKind = SubscriberDetail['usage'][number];
export type SubscriberSession = SubscriberDetail['sessions'][number];
export type SignInEvent = SubscriberDetail['signIns'][number];
export type QuotaGrant = SubscriberDetail['grants'][number];

export type Plan = ItemOf<api.OpsListPlansApiResponse>;
export type PlanFeature = Plan['features'][number];
export const PLAN_FEATURES = ['FACE_RECOGNITION', 'PEOPLE_STORIES', 'STYLED_PHOTOS_PLUS'] as const satisfies readonly PlanFeature[];
export type PlanPeriod = Plan['period'];
export type PlanInput = api.OpsCreatePlanApiArg;

export type ConfigKey = ItemOf<api.OpsListConfigApiResponse>;
export type ConfigType = ConfigKey['type'];
export type ConfigVersion = ItemOf<api.OpsConfigHistoryApiResponse>;

export type OrderSummary = ItemOf<api.OpsSearchOrdersApiResponse>;
export type OrderStatus = OrderSummary['status'];
export type OrderKind = OrderSummary['kind'];
export type OrderDetail = api.OpsGetOrderApiResponse;
export type Refund = OrderDetail['refunds'][number];
export type Invoice = OrderDetail['invoices'][number];

export type Reconciliation = api.OpsReconciliationApiResponse;
export type ReconciliationRow = Reconciliation['differences'][number];
export type LedgerTotals = Reconciliation['ours'];

export type Dashboard = api.OpsDashboardApiResponse;

// The lists the screens offer must name every value the server accepts, and nothing else (a compile error otherwise).
type Exactly<List extends readonly unknown[], Union> = [Union] extends [List[number]] ? ([List[number]] extends [Union] ? true : never) : never;
const rolesComplete: Exactly<typeof OPERATOR_ROLES, OperatorRole> = true;
const featuresComplete: Exactly<typeof PLAN_FEATURES, PlanFeature> = true;
void rolesComplete;
void featuresComplete;

/** The error shape every route fails with. */
export interface OpsError {
  status: number | string;
  data?: { status?: string; message?: string; field?: string } | unknown;
}
