import { maskOf } from './card-checks.js';
import type { PaymentStatus, PaymentView } from './payment.public.js';
import type { CardBrand, PaymentRow, SavedCardRow } from './payment.table.js';

export interface SavedCardView {
  id: string;
  mask: string;
  brand: CardBrand;
  holderName: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
  expired: boolean;
  expiresSoon: boolean;
}

export function toView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    accountId: row.account_id,
    purposeKind: row.purpose_kind,
    purposeRef: row.purpose_ref,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    status: row.status as PaymentStatus,
    declineCode: row.decline_code,
    method: row.method,
    cardMask: row.card_mask,
    description: row.description,
    capturedAt: row.captured_at === null ? null : Number(row.captured_at),
    refundedMinor: Number(row.refunded_minor),
    createdAt: Number(row.created_at),
  };
}

export function isExpired(card: Pick<SavedCardRow, 'expiry_month' | 'expiry_year'>, at: number): boolean {
  const d = new Date(at);
  return card.expiry_year < d.getUTCFullYear() || (card.expiry_year === d.getUTCFullYear() && card.expiry_month < d.getUTCMonth() + 1);
}

/** Whole months from this month to the card's last valid month (0: it expires this month). */
function monthsLeft(card: Pick<SavedCardRow, 'expiry_month' | 'expiry_year'>, at: number): number {
  const d = new Date(at);
  return (card.expiry_year - d.getUTCFullYear()) * 12 + (card.expiry_month - (d.getUTCMonth() + 1));
}

export function cardView(r: SavedCardRow, at: number, warnMonths: number): SavedCardView {
  const expired = isExpired(r, at);
  return {
    id: r.id,
    mask: maskOf(r.last4),
    brand: r.brand,
    holderName: r.holder_name,
    expiryMonth: r.expiry_month,
    expiryYear: r.expiry_year,
    isDefault: r.is_default === 1,
    expired,
    expiresSoon: !expired && monthsLeft(r, at) < warnMonths,
  };
}
