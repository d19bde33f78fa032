// What the operator console (ops-catalog) may read of invoices: those of a payment (its invoice and refund invoices) and
// the payment an invoice number belongs to. Refund invoices are issued by the invoice module on the REFUNDED event.
import type { Executor } from '../../infra/db/executor.js';
import type { InvoiceKind } from './invoice.table.js';

export interface InvoiceSummary {
  id: string;
  number: string;
  kind: InvoiceKind;
  paymentId: string;
  /** A REFUND's refund id, an INVOICE's payment id. */
  sourceRef: string;
  originalInvoiceId: string | null;
  netMinor: number;
  vatMinor: number;
  totalMinor: number;
  currency: string;
  issuedAt: number;
}

export async function invoicesOfPayment(db: Executor, paymentId: string): Promise<InvoiceSummary[]> {
  const rows = await db.selectFrom('invoice').selectAll().where('payment_id', '=', paymentId).orderBy('issued_at').orderBy('number').execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    paymentId: r.payment_id,
    sourceRef: r.source_ref,
    originalInvoiceId: r.original_invoice_id,
    netMinor: Number(r.net_minor),
    vatMinor: Number(r.vat_minor),
    totalMinor: Number(r.total_minor),
    currency: r.currency,
    issuedAt: Number(r.issued_at),
  }));
}

/** The payment an invoice number (BLT-YYYY-NNNNNN) was issued for, or null. */
export async function paymentOfInvoiceNumber(db: Executor, number: string): Promise<string | null> {
  const row = await db.selectFrom('invoice').select('payment_id').where('number', '=', number).executeTakeFirst();
  return row?.payment_id ?? null;
}
