import { baseApi } from '@/api/base-api';
import { generatedApi as packagesGeneratedApi, type CreatePackageOrderApiResponse } from '@/api/generated/packages';

/*
 * The packages catalogue and orders come from the generated packages client; the payment routes (cards, payments,
 * wallet) are written here to the issue-13 contract's shapes (the generated client does not group them).
 */

export type PaymentStatus = 'PENDING' | 'REQUIRES_ACTION' | 'AWAITING_CODE' | 'CAPTURED' | 'DECLINED' | 'FAILED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

export interface Payment {
  id: string;
  amountMinor: number;
  currency: string;
  status: PaymentStatus;
  declineCode: string | null;
  method: 'CARD' | 'WALLET';
  cardMask: string | null;
  description: string;
  capturedAt: string | null;
}

export interface CardInput {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
}

export type PaymentMethodInput =
  | { type: 'NEW_CARD'; card: CardInput; saveCard: boolean }
  | { type: 'SAVED_CARD'; cardId: string }
  | { type: 'WALLET' };

export interface SavedCard {
  id: string;
  mask: string;
  brand: 'VISA' | 'MASTERCARD' | 'TROY' | 'AMEX';
  holderName: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
  expired: boolean;
  expiresSoon?: boolean;
}

/** MasterPass user kinds (spec §3): 0 error, 1 linked here, 2 has cards at the provider never used here, 3 none. */
export type MasterPassUserKind = 0 | 1 | 2 | 3;

export interface SavedCards {
  userKind: MasterPassUserKind;
  cards: SavedCard[];
}

export interface CatalogPackage {
  id: string;
  code: string;
  name: string;
  storageBytes: number;
  period: 'MONTHLY' | 'YEARLY';
  priceMinor: number;
  currency: string;
  discountRate: number;
  discountedPriceMinor: number;
  premium: boolean;
  family: boolean;
  familyMemberCount: number;
  type: string;
  buyOneGetOne: boolean;
}

export interface Quote {
  action: 'PURCHASE' | 'UPGRADE' | 'DOWNGRADE';
  amountMinor: number;
  currency: string;
  creditMinor: number;
  effectiveAt: string | number | null;
}

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
 * mutation, and a second injection of an existing endpoint name would be ignored.
 */
export const paymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    quoteCheckout: build.query<Quote, { packageId: string }>({ query: (body) => ({ url: '/packages/quote', method: 'POST', body }) }),
    getSavedCards: build.query<SavedCards, void>({ query: () => ({ url: '/payment/cards' }) }),
    saveCard: build.mutation<SavedCard, { card: CardInput; paymentType: 3 }>({
      query: (body) => ({ url: '/payment/cards', method: 'POST', body }),
      onQueryStarted: refetchCards,
    }),
    deleteSavedCard: build.mutation<unknown, string>({
      query: (id) => ({ url: `/payment/cards/${encodeURIComponent(id)}`, method: 'DELETE' }),
      onQueryStarted: refetchCards,
    }),
    setDefaultCard: build.mutation<unknown, string>({
      query: (id) => ({ url: `/payment/cards/${encodeURIComponent(id)}/default`, method: 'PUT' }),
      onQueryStarted: refetchCards,
    }),
    getPayment: build.query<Payment, string>({ query: (id) => ({ url: `/payment/payments/${encodeURIComponent(id)}` }) }),
    confirmWalletPayment: build.mutation<Payment, { paycellTrxnId: string; code: string }>({
      query: (body) => ({ url: '/payment/wallet/confirm', method: 'POST', body }),
    }),
    resendWalletCode: build.mutation<unknown, { paycellTrxnId: string }>({
      query: (body) => ({ url: '/payment/wallet/resend', method: 'POST', body }),
    }),
  }),
});

export const { useGetPackagesQuery: useGetCheckoutPackagesQuery, useCreatePackageOrderMutation } = packagesGeneratedApi;
/** Reads the subscription again after a purchase (the spec's tag list has no subscription tag). */
export const refreshSubscription = () => packagesGeneratedApi.endpoints.getSubscription.initiate(undefined, { subscribe: false, forceRefetch: true });

export const {
  useQuoteCheckoutQuery,
  useGetSavedCardsQuery,
  useSaveCardMutation,
  useDeleteSavedCardMutation,
  useSetDefaultCardMutation,
  useGetPaymentQuery,
  useLazyGetPaymentQuery,
  useConfirmWalletPaymentMutation,
  useResendWalletCodeMutation,
} = paymentApi;
