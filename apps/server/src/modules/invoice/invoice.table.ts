import type { Insertable, Selectable } from 'kysely';

export type InvoiceKind = 'INVOICE' | 'REFUND';

export interface InvoiceTable {
  id: string;
  account_id: string;
  /** BLT-YYYY-NNNNNN, gap-free per year. */
  number: string;
  kind: InvoiceKind;
  /** The payment id (INVOICE) or the refund id (REFUND) the invoice was made for; unique. */
  source_ref: string;
  payment_id: string;
  /** A REFUND's original INVOICE. */
  original_invoice_id: string | null;
  issued_at: number;
  description: string;
  /** Negative for a REFUND. net + vat = total exactly. */
  net_minor: number;
  vat_minor: number;
  total_minor: number;
  /** Percent, e.g. 20. */
  vat_rate: number;
  currency: string;
  period_start: number | null;
  period_end: number | null;
  seller_name: string;
  seller_tax_id: string;
  seller_address: string;
  buyer_name: string;
  buyer_email: string;
  /** The buyer's interface language when the invoice was issued: used only once the account is gone (else its current one). */
  language: string;
  /** A package order's line item (null otherwise): written out in the reader's language, never stored as words. */
  item_storage_bytes: number | null;
  item_family: number | null;
  item_period: 'MONTHLY' | 'YEARLY' | null;
  item_kind: 'PURCHASE' | 'UPGRADE' | 'RENEWAL' | null;
  item_periods: number | null;
}
export type InvoiceRow = Selectable<InvoiceTable>;
export type NewInvoice = Insertable<InvoiceTable>;

export interface InvoiceCounterTable {
  year: number;
  last_number: number;
}

declare module '../../infra/db/schema.js' {
  interface DB {
    invoice: InvoiceTable;
    invoice_counter: InvoiceCounterTable;
  }
}
