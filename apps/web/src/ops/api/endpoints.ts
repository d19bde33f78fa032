import { opsApi } from './ops-api';
import type {
  AuditFilter,
  AuditPage,
  AuditVerification,
  ConfigKey,
  ConfigVersion,
  Dashboard,
  Operator,
  OperatorMe,
  OperatorRole,
  OrderDetail,
  OrderSummary,
  Plan,
  PlanInput,
  Reconciliation,
  SetupEnrolment,
  SetupInfo,
  SignedIn,
  SubscriberDetail,
  SubscriberSummary,
} from './types';

const enc = encodeURIComponent;

/** A subscriber action's path below /subscribers/{id} and its extra body fields. */
export type SubscriberAction =
  | { kind: 'suspend' }
  | { kind: 'unsuspend' }
  | { kind: 'sessions/end' }
  | { kind: 'lockout/lift' }
  | { kind: 'quota-grants'; bytes: number; expiresAt: string }
  | { kind: 'verification/resend'; channel: 'email' | 'phone' }
  | { kind: 'two-factor/remove'; identityCheck: string };

export const opsEndpoints = opsApi.injectEndpoints({
  endpoints: (build) => ({
    // Sign-in and set-up
    opsSetupInfo: build.query<SetupInfo, string>({ query: (token) => `/setup/${enc(token)}` }),
    opsSetupPassword: build.mutation<SetupEnrolment, { token: string; password: string }>({
      query: ({ token, password }) => ({ url: `/setup/${enc(token)}`, method: 'POST', body: { password } }),
    }),
    opsSetupConfirm: build.mutation<SignedIn, { token: string; code: string }>({
      query: ({ token, code }) => ({ url: `/setup/${enc(token)}/confirm`, method: 'POST', body: { code } }),
    }),
    opsLogin: build.mutation<{ challenge: string }, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    opsLoginTotp: build.mutation<SignedIn, { challenge: string; code: string }>({
      query: (body) => ({ url: '/auth/totp', method: 'POST', body }),
    }),
    opsLogout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    opsMe: build.query<OperatorMe, void>({ query: () => '/me', providesTags: ['Me'] }),

    // Dashboard
    opsDashboard: build.query<Dashboard, void>({ query: () => '/dashboard', providesTags: ['Dashboard'] }),

    // Subscribers
    opsSearchSubscribers: build.query<{ items: SubscriberSummary[] }, { q: string; limit?: number }>({
      query: (params) => ({ url: '/subscribers', params }),
      providesTags: ['Subscriber'],
    }),
    opsGetSubscriber: build.query<SubscriberDetail, string>({
      query: (id) => `/subscribers/${enc(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Subscriber', id }],
    }),
    opsSubscriberAction: build.mutation<unknown, { id: string; reason: string; action: SubscriberAction }>({
      query: ({ id, reason, action: { kind, ...rest } }) => ({ url: `/subscribers/${enc(id)}/${kind}`, method: 'POST', body: { ...rest, reason } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Subscriber', id }, 'Subscriber', 'Audit'],
    }),

    // Plans
    opsListPlans: build.query<{ items: Plan[] }, void>({ query: () => '/plans', providesTags: ['Plan'] }),
    opsUpdatePlan: build.mutation<Plan, { id: string; body: PlanInput }>({
      query: ({ id, body }) => ({ url: `/plans/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Plan', 'Audit'],
    }),

    // Remote configuration
    opsListConfig: build.query<{ items: ConfigKey[] }, void>({ query: () => '/config', providesTags: ['Config'] }),
    opsUpdateConfig: build.mutation<unknown, { name: string; language: string; value: string; reason: string }>({
      query: ({ name, ...body }) => ({ url: `/config/${enc(name)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { name }) => ['Config', { type: 'Config', id: name }, 'Audit'],
    }),
    opsConfigHistory: build.query<{ items: ConfigVersion[] }, string>({
      query: (name) => `/config/${enc(name)}/history`,
      providesTags: (_r, _e, name) => [{ type: 'Config', id: name }],
    }),
    opsRollbackConfig: build.mutation<unknown, { name: string; versionId: string; reason: string }>({
      query: ({ name, ...body }) => ({ url: `/config/${enc(name)}/rollback`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { name }) => ['Config', { type: 'Config', id: name }, 'Audit'],
    }),

    // Orders
    opsSearchOrders: build.query<{ items: OrderSummary[] }, string>({ query: (q) => ({ url: '/orders', params: { q } }), providesTags: ['Order'] }),
    opsGetOrder: build.query<OrderDetail, string>({ query: (id) => `/orders/${enc(id)}`, providesTags: (_r, _e, id) => [{ type: 'Order', id }] }),
    opsRefundOrder: build.mutation<OrderDetail, { id: string; amountMinor: number; reason: string; idempotencyKey?: string }>({
      query: ({ id, ...body }) => ({ url: `/orders/${enc(id)}/refund`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Order', id }, 'Order', 'Audit'],
    }),
    opsReconciliation: build.query<Reconciliation, string>({ query: (date) => ({ url: '/reconciliation', params: { date } }) }),

    // Audit
    opsListAudit: build.query<AuditPage, AuditFilter>({ query: (params) => ({ url: '/audit', params }), providesTags: ['Audit'] }),
    opsVerifyAudit: build.mutation<AuditVerification, void>({ query: () => ({ url: '/audit/verify' }) }),
    opsExportAudit: build.mutation<string, AuditFilter>({
      query: (params) => ({ url: '/audit/export.csv', params, responseHandler: 'text' }),
      invalidatesTags: ['Audit'],
    }),

    // Operators
    opsListOperators: build.query<{ items: Operator[] }, void>({ query: () => '/operators', providesTags: ['Operator'] }),
    opsCreateOperator: build.mutation<{ operator: Operator; setupUrl: string }, { email: string; name: string; role: OperatorRole; reason: string }>({
      query: (body) => ({ url: '/operators', method: 'POST', body }),
      invalidatesTags: ['Operator', 'Audit'],
    }),
    opsSetOperatorStatus: build.mutation<unknown, { id: string; enable: boolean; reason: string }>({
      query: ({ id, enable, reason }) => ({ url: `/operators/${enc(id)}/${enable ? 'enable' : 'disable'}`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Operator', 'Audit'],
    }),
    opsSetOperatorRole: build.mutation<unknown, { id: string; role: OperatorRole; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/operators/${enc(id)}/role`, method: 'PUT', body }),
      invalidatesTags: ['Operator', 'Audit'],
    }),
  }),
});

/** The items of a `{ items }` list response, empty while it loads. */
export function itemsOf<T>(data: { items: T[] } | undefined): T[] {
  return data?.items ?? [];
}

export const {
  useOpsSetupInfoQuery,
  useOpsSetupPasswordMutation,
  useOpsSetupConfirmMutation,
  useOpsLoginMutation,
  useOpsLoginTotpMutation,
  useOpsLogoutMutation,
  useOpsMeQuery,
  useOpsDashboardQuery,
  useOpsSearchSubscribersQuery,
  useOpsGetSubscriberQuery,
  useOpsSubscriberActionMutation,
  useOpsListPlansQuery,
  useOpsUpdatePlanMutation,
  useOpsListConfigQuery,
  useOpsUpdateConfigMutation,
  useOpsConfigHistoryQuery,
  useOpsRollbackConfigMutation,
  useOpsSearchOrdersQuery,
  useOpsGetOrderQuery,
  useOpsRefundOrderMutation,
  useOpsReconciliationQuery,
  useOpsListAuditQuery,
  useOpsVerifyAuditMutation,
  useOpsExportAuditMutation,
  useOpsListOperatorsQuery,
  useOpsCreateOperatorMutation,
  useOpsSetOperatorStatusMutation,
  useOpsSetOperatorRoleMutation,
} = opsEndpoints;
