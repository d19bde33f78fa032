// What other modules may use of the invoice module: the VAT split and the number format (e.g. for a price preview).
export { splitVat, formatNumber } from './invoice.service.js';
export type { InvoiceKind } from './invoice.table.js';
