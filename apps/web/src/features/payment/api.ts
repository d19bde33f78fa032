import { baseApi } from '@/api/base-api';
import {
  generatedApi as packagesGeneratedApi,
  type CreatePackageOrderApiArg,
  type CreatePackageOrderApiResponse,
  type GetPackageAgreementsApiResponse,
  type GetPackagesApiResponse,
  type QuotePackageApiResponse,
} from '@/api/generated/packages';
import {
  generatedApi as paymentGeneratedApi,
  type CardInput as GeneratedCardInput,
  type GetPaymentApiResponse,
  type GetSavedCardsApiResponse,
  type SavedCard as GeneratedSavedCard,
} from '@/api/generated/payment';

/*
 * Catalogue and orders come from the generated packages client, cards, payments and the wallet from the generated
 * payment client (both from the server's OpenAPI document); this file only adds what the screens need on top.
 */

export type Payment = GetPaymentApiResponse;
export type PaymentStatus = Payment['status'];
export type CardInput = GeneratedCardInput;
export type PaymentMethodInput = CreatePackageOrderApiArg['payment'];
export type SavedCard = GeneratedSavedCard;
export type SavedCards = GetSavedCardsApiResponse;
/** MasterPass user kinds (spec §3): 0 error, 1 linked here, 2 has cards at the provider never used here, 3 none. */
export type MasterPassUserKind = SavedCards['userKind'];
export type Quote = QuotePackageApiResponse;
export type CatalogPackage = GetPackagesApiResponse['packages'][number];
export type AgreementKind = GetPackageAgreementsApiResponse['documents'][number]['kind'];

/** An order as the server answers it; `payment` is null only for an order that needed no payment. */
export type PackageOrder = CreatePackageOrderApiResponse;

/** Statuses after which nothing more happens to a payment. */
export const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(['CAPTURED', 'DECLINED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED']);

/** The spec's tag list has no card tag: a card change reads the list again. */
async function refetchCards(_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  dispatch(paymentApi.endpoints.getSavedCards.initiate(undefined, { subscribe: false, forceRefetch: true }));
}

/*
 * quoteCheckout: the quote as a query (cached per package while the screen is open); the generated quotePackage is a
 * mutation (a POST), and a second injection of an existing endpoint name would be ignored.
 */
const quoteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    quoteCheckout: build.query<Quote, { packageId: string }>({ query: (body) => ({ url: '/packages/quote', method: 'POST', body }) }),
  }),
});

export const paymentApi = paymentGeneratedApi.enhanceEndpoints({
  endpoints: {
    saveCard: { onQueryStarted: refetchCards },
    deleteSavedCard: { onQueryStarted: refetchCards },
    setDefaultCard: { onQueryStarted: refetchCards },
  },
});

export const { useQuoteCheckoutQuery } = quoteApi;
export const { useGetPackagesQuery: useGetCheckoutPackagesQuery, useCreatePackageOrderMutation, useGetPackageAgreementsQuery } = packagesGeneratedApi;
/** Reads the subscription again after a purchase (the spec's tag list has no subscription tag). */
export const refreshSubscription = () => packagesGeneratedApi.endpoints.getSubscription.initiate(undefined, { subscribe: false, forceRefetch: true });

export const {
  useGetSavedCardsQuery,
  useSaveCardMutation,
  useDeleteSavedCardMutation,
  useSetDefaultCardMutation,
  useGetPaymentQuery,
  useLazyGetPaymentQuery,
  useConfirmWalletPaymentMutation,
  useResendWalletCodeMutation,
} = paymentApi;
