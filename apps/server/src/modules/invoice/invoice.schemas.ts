import { Type, type Static } from 'typebox';
import { UuidSchema, type Language } from '../../shared/schemas.js';
import { invoiceLine } from './invoice.line.messages.js';
import type { InvoiceRow } from './invoice.table.js';

export const MAX_INVOICE_PAGE_SIZE = 100;

export const InvoiceListQuery = Type.Object({
  page: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: MAX_INVOICE_PAGE_SIZE, default: 20 }),
});
export type InvoiceListQueryValue = Static<typeof InvoiceListQuery>;

export const InvoiceKind = Type.Union([Type.Literal('INVOICE'), Type.Literal('REFUND')]);

export const InvoiceItem = Type.Object(
  {
    id: Type.String(),
    number: Type.String(),
    kind: InvoiceKind,
    issuedAt: Type.String({ format: 'date-time' }),
    description: Type.String(),
    /** Minor units (kuruş); negative on a REFUND. netMinor + vatMinor = totalMinor. */
    netMinor: Type.Integer(),
    vatMinor: Type.Integer(),
    totalMinor: Type.Integer(),
    currency: Type.String(),
    periodStart: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    periodEnd: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Invoice' },
);

export const InvoicePage = Type.Object({ items: Type.Array(InvoiceItem), total: Type.Integer() }, { $id: 'InvoicePage' });

export const InvoiceParams = Type.Object({ id: UuidSchema });
export const InvoicePdfLink = Type.Object({ url: Type.String() }, { $id: 'InvoicePdfLink' });

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** One invoice for the list; its line in the reader's language. */
export const toInvoiceItem = (r: InvoiceRow, language: Language): Static<typeof InvoiceItem> => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  issuedAt: new Date(r.issued_at).toISOString(),
  description: invoiceLine(r, language),
  netMinor: Number(r.net_minor),
  vatMinor: Number(r.vat_minor),
  totalMinor: Number(r.total_minor),
  currency: r.currency,
  periodStart: iso(r.period_start),
  periodEnd: iso(r.period_end),
});
