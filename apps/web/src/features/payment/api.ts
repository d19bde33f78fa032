import { baseApi } from '@/api/base-api';

/*
 * Payment and package-order endpoints, written to the issue-13 contract while the server routes are being built in
 * parallel (modules/payment, modules/packages); the shapes are the contract's.
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

export interface PackageOrder {
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  payment: Payment;
  actionUrl: string | null;
  paycellTrxnId: string | null;
}

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
 * Endpoint names: getCheckoutPackages / quoteCheckout differ from the packages feature's getPackages / quotePackage
 * (same routes) because both inject into one API and a second injection of a name is ignored.
 */
export const paymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutPackages: build.query<{ packages: CatalogPackage[]; currency: string }, void>({ query: () => ({ url: '/packages' }) }),
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
    createPackageOrder: build.mutation<PackageOrder, { packageId: string; idempotencyKey: string; payment: PaymentMethodInput }>({
      query: (body) => ({ url: '/packages/orders', method: 'POST', body }),
    }),
    getPackageOrder: build.query<PackageOrder, string>({ query: (id) => ({ url: `/packages/orders/${encodeURIComponent(id)}` }) }),
    getPayment: build.query<Payment, string>({ query: (id) => ({ url: `/payment/payments/${encodeURIComponent(id)}` }) }),
    confirmWalletPayment: build.mutation<Payment, { paycellTrxnId: string; code: string }>({
      query: (body) => ({ url: '/payment/wallet/confirm', method: 'POST', body }),
    }),
    resendWalletCode: build.mutation<unknown, { paycellTrxnId: string }>({
      query: (body) => ({ url: '/payment/wallet/resend', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetCheckoutPackagesQuery,
  useQuoteCheckoutQuery,
  useGetSavedCardsQuery,
  useSaveCardMutation,
  useDeleteSavedCardMutation,
  useSetDefaultCardMutation,
  useCreatePackageOrderMutation,
  useGetPaymentQuery,
  useConfirmWalletPaymentMutation,
  useResendWalletCodeMutation,
} = paymentApi;
