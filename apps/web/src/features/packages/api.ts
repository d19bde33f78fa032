import { baseApi } from '@/api/base-api';

/**
 * The packages server API (contract of issue 13, helper K). Written by hand against the contract's shapes until the
 * server's routes land in openapi.json; the endpoint names are the routes' operationIds.
 */
export type PackagePeriod = 'MONTHLY' | 'YEARLY';
export type SubscriptionStatus = 'NONE' | 'ACTIVE' | 'CANCELLED' | 'GRACE' | 'EXPIRED';

export interface StoragePackage {
  id: string;
  code: string;
  name: string;
  storageBytes: number;
  period: PackagePeriod;
  priceMinor: number;
  currency: string;
  discountRate: number;
  discountedPriceMinor: number;
  premium: boolean;
  family: boolean;
  familyMemberCount: number;
  type: 'STORAGE' | 'FAMILY';
  buyOneGetOne: boolean;
}

export interface PackageCatalogue {
  packages: StoragePackage[];
  currency: string;
}

export interface Subscription {
  package: StoragePackage | null;
  status: SubscriptionStatus;
  periodStart: string | null;
  periodEnd: string | null;
  renewsAt: string | null;
  graceUntil: string | null;
  pendingPackage: StoragePackage | null;
  quotaBytes: number;
  usedBytes: number;
  usagePercent: number;
  accountStatus: 'ACTIVE' | 'READ_ONLY';
  familyRole: 'ADMIN' | 'MEMBER' | null;
}

export interface PackageQuote {
  action: 'PURCHASE' | 'UPGRADE' | 'DOWNGRADE';
  amountMinor: number;
  currency: string;
  creditMinor: number;
  effectiveAt: string;
}

export const packagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPackages: build.query<PackageCatalogue, void>({ query: () => ({ url: '/packages' }) }),
    getSubscription: build.query<Subscription, void>({ query: () => ({ url: '/packages/subscription' }) }),
    quotePackage: build.mutation<PackageQuote, { packageId: string }>({
      query: (body) => ({ url: '/packages/quote', method: 'POST', body }),
    }),
    downgradePackage: build.mutation<Subscription, { packageId: string }>({
      query: (body) => ({ url: '/packages/subscription/downgrade', method: 'POST', body }),
      onQueryStarted: storeSubscription,
    }),
    cancelSubscription: build.mutation<Subscription, void>({
      query: () => ({ url: '/packages/subscription/cancel', method: 'POST' }),
      onQueryStarted: storeSubscription,
    }),
    resumeSubscription: build.mutation<Subscription, void>({
      query: () => ({ url: '/packages/subscription/resume', method: 'POST' }),
      onQueryStarted: storeSubscription,
    }),
  }),
  overrideExisting: false,
});

/**
 * The spec's tag list has no subscription tag: a change answers with the new subscription, which replaces the cached
 * one (and the account info, whose grace flag may follow, is read again).
 */
async function storeSubscription(_arg: unknown, api: { dispatch: (action: never) => unknown; queryFulfilled: Promise<{ data: Subscription }> }) {
  try {
    const { data } = await api.queryFulfilled;
    api.dispatch(packagesApi.util.upsertQueryData('getSubscription', undefined, data) as never);
  } catch {
    // The caller shows the failure.
  }
}

export const {
  useGetPackagesQuery,
  useGetSubscriptionQuery,
  useQuotePackageMutation,
  useDowngradePackageMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
} = packagesApi;
