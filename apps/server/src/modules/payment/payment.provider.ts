import type { CardBrand } from './payment.table.js';

/**
 * What a payment provider (card acquirer + MasterPass-like card vault + operator wallet) does for us. The sandbox
 * implements it in-process; a real provider plugs in behind the same interface (PAYMENT_PROVIDER).
 * Every call that moves money is idempotent on the provider's side: `merchantRef` (our payment id) for charges, the
 * refund's idempotency key for refunds.
 */
export interface PaymentProvider {
  readonly name: string;

  /** Charges a card (raw or saved), or starts a wallet payment. Declines are answers, not exceptions. */
  charge(input: ChargeRequest): Promise<ChargeResult>;
  /** What the provider knows about the charge made for this merchant reference (reconciliation). */
  lookup(merchantRef: string): Promise<LookupResult>;
  /** Refunds part or all of a captured charge; the same key twice refunds once. */
  refund(input: { providerRef: string; amountMinor: number; idempotencyKey: string }): Promise<{ refundRef: string }>;
  /** The provider's own ledger (its settlement report) for [from, to): charges made and refunds done then. */
  ledger(from: number, to: number): Promise<ProviderLedger>;

  /** Stores a card in the customer's vault (MasterPass account, keyed by phone); the token charges it later. */
  tokenizeCard(input: { customerRef: string; card: RawCard }): Promise<VaultedCard>;
  /** Every card the customer's vault holds, at any merchant (MasterPass user kinds). */
  listCards(customerRef: string): Promise<VaultedCard[]>;
  deleteCard(customerRef: string, token: string): Promise<void>;

  /** Wallet: checks the code the subscriber received by SMS. */
  confirmWallet(input: { trxnId: string; code: string }): Promise<WalletConfirmResult>;
  /** Wallet: sends a fresh code. */
  resendWalletCode(trxnId: string): Promise<void>;
}

export interface RawCard {
  pan: string;
  brand: CardBrand;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
}

export interface VaultedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  /** Stored through this merchant (false: the customer's vault got it elsewhere). */
  thisMerchant: boolean;
}

export interface ChargeRequest {
  merchantRef: string;
  amountMinor: number;
  currency: string;
  source: { kind: 'CARD'; card: RawCard } | { kind: 'TOKEN'; customerRef: string; token: string } | { kind: 'WALLET' };
  /** The subscriber's phone (E.164): 3-D Secure and wallet codes go there by SMS. */
  customerPhone: string;
  /** The subscriber's interface language (the account's): those SMS are written in it. */
  customerLanguage: string;
  /** Where the provider sends the browser after a challenge (with ?paymentId=<merchantRef>). */
  returnUrl: string;
  /** Off-session (renewals): no customer present, so no challenge; a card that needs one is declined. */
  offSession: boolean;
}

export type ChargeStatus = 'CAPTURED' | 'DECLINED' | 'REQUIRES_ACTION' | 'AWAITING_CODE' | 'ERROR';

export interface ChargeResult {
  providerRef: string;
  status: ChargeStatus;
  declineCode: string | null;
  /** REQUIRES_ACTION: the provider's challenge page. */
  actionUrl: string | null;
  /** AWAITING_CODE: the wallet transaction id (PaycellTrxnId). */
  walletTrxnId: string | null;
}

export interface ProviderLedger {
  charges: Array<{
    providerRef: string;
    merchantRef: string;
    status: 'CAPTURED' | 'PENDING' | 'DECLINED' | 'FAILED';
    amountMinor: number;
    refundedMinor: number;
    currency: string;
    at: number;
  }>;
  /** `idempotencyKey` is the key we sent: our refund's id. */
  refunds: Array<{ refundRef: string; providerRef: string; idempotencyKey: string; amountMinor: number; at: number }>;
}

export type LookupResult =
  | { found: false }
  | { found: true; providerRef: string; status: 'CAPTURED' | 'PENDING' | 'DECLINED' | 'FAILED'; declineCode: string | null; amountMinor: number; refundedMinor: number };

export type WalletConfirmResult =
  | { outcome: 'CAPTURED'; merchantRef: string }
  | { outcome: 'INVALID_CODE'; merchantRef: string; attemptsLeft: number }
  | { outcome: 'FAILED'; merchantRef: string; declineCode: string }
  | { outcome: 'EXPIRED'; merchantRef: string }
  | { outcome: 'NOT_FOUND' };

/** The body the provider posts to /api/payment/callback (signed over the raw body). */
export interface ProviderCallback {
  eventId: string;
  /** Epoch ms when the provider sent it; older than 5 minutes is refused (replay). */
  timestamp: number;
  merchantRef: string;
  providerRef: string;
  status: 'CAPTURED' | 'DECLINED' | 'FAILED';
  declineCode: string | null;
}
