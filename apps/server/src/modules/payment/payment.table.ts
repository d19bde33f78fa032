import type { Insertable, Selectable } from 'kysely';
import type { PaymentStatus } from './payment.public.js';

export type CardBrand = 'VISA' | 'MASTERCARD' | 'TROY' | 'AMEX';

/** Our ledger: one row per payment attempt (one idempotency key of one account). */
export interface PaymentTable {
  id: string;
  account_id: string;
  idempotency_key: string;
  /** SHA-256 of what was asked (purpose, amount, currency, method): the same key with another request is refused. */
  request_hash: string;
  purpose_kind: string;
  purpose_ref: string;
  amount_minor: number;
  currency: string;
  description: string;
  method: 'CARD' | 'WALLET';
  card_mask: string | null;
  /** The saved card charged, or (NEW_CARD with saveCard) the card vaulted for it, PENDING until the capture. */
  saved_card_id: string | null;
  status: PaymentStatus;
  decline_code: string | null;
  provider: string;
  provider_ref: string | null;
  action_url: string | null;
  paycell_trxn_id: string | null;
  return_url: string;
  captured_at: number | null;
  refunded_minor: number;
  /** 1 once the purpose handler ran (or was rejected and refunded): the capture is applied exactly once. */
  purpose_applied: number;
  created_at: number;
  updated_at: number;
}
export type PaymentRow = Selectable<PaymentTable>;
export type NewPayment = Insertable<PaymentTable>;

export interface PaymentRefundTable {
  id: string;
  payment_id: string;
  idempotency_key: string;
  amount_minor: number;
  reason: string;
  status: 'PENDING' | 'DONE' | 'FAILED';
  provider_ref: string | null;
  created_at: number;
  completed_at: number | null;
}
export type PaymentRefundRow = Selectable<PaymentRefundTable>;

export interface SavedCardTable {
  id: string;
  account_id: string;
  provider_token: string;
  brand: CardBrand;
  last4: string;
  holder_name: string;
  expiry_month: number;
  expiry_year: number;
  is_default: number;
  status: 'PENDING' | 'ACTIVE';
  created_at: number;
}
export type SavedCardRow = Selectable<SavedCardTable>;

export interface PaymentCallbackTable {
  event_id: string;
  received_at: number;
}

// --- the sandbox provider's own tables (only modules/payment/sandbox reads or writes them)
export interface SandboxCardTable {
  token: string;
  merchant: string;
  customer_ref: string;
  pan: string;
  brand: CardBrand;
  expiry_month: number;
  expiry_year: number;
  holder_name: string;
  created_at: number;
}
export interface SandboxChargeTable {
  id: string;
  merchant: string;
  merchant_ref: string;
  kind: 'CARD' | 'WALLET';
  amount_minor: number;
  currency: string;
  status: 'CAPTURED' | 'DECLINED' | 'REQUIRES_ACTION' | 'AWAITING_CODE' | 'FAILED' | 'ERROR';
  decline_code: string | null;
  pan: string | null;
  customer_phone: string | null;
  /** The subscriber's interface language: the codes' SMS speak it (null: Turkish, charges made before issue 26). */
  customer_language: string | null;
  return_url: string | null;
  refunded_minor: number;
  created_at: number;
  updated_at: number;
}
export interface SandboxChallengeTable {
  id: string;
  kind: '3DS' | 'WALLET';
  charge_id: string;
  code_hash: string;
  test_code: string | null;
  status: 'OPEN' | 'PASSED' | 'FAILED' | 'EXPIRED';
  attempts: number;
  expires_at: number;
  created_at: number;
}
export interface SandboxRefundTable {
  id: string;
  charge_id: string;
  idempotency_key: string;
  amount_minor: number;
  created_at: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    payment: PaymentTable;
    payment_refund: PaymentRefundTable;
    saved_card: SavedCardTable;
    payment_callback: PaymentCallbackTable;
    sandbox_card: SandboxCardTable;
    sandbox_charge: SandboxChargeTable;
    sandbox_challenge: SandboxChallengeTable;
    sandbox_refund: SandboxRefundTable;
  }
}
