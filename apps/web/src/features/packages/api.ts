import {
  generatedApi,
  type GetPackagesApiResponse,
  type GetSubscriptionApiResponse,
  type QuotePackageApiResponse,
} from '@/api/generated/packages';

export type PackageCatalogue = GetPackagesApiResponse;
export type StoragePackage = PackageCatalogue['packages'][number];
export type PackagePeriod = StoragePackage['period'];
export type Subscription = GetSubscriptionApiResponse;
export type SubscriptionStatus = Subscription['status'];
export type PackageQuote = QuotePackageApiResponse;

/**
 * The spec's tag list has no subscription tag: a change answers with the new subscription, which replaces the cached
 * one in place of an invalidation.
 */
async function storeSubscription(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Subscription }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(packagesApi.util.upsertQueryData('getSubscription', undefined, data));
  } catch {
    // The screen shows the failure.
  }
}

export const packagesApi = generatedApi.enhanceEndpoints({
  endpoints: {
    downgradePackage: { onQueryStarted: storeSubscription },
    cancelSubscription: { onQueryStarted: storeSubscription },
    resumeSubscription: { onQueryStarted: storeSubscription },
  },
});

export const {
  useGetPackagesQuery,
  useGetSubscriptionQuery,
  useQuotePackageMutation,
  useDowngradePackageMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
} = packagesApi;
