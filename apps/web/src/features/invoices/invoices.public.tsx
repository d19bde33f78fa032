// The invoice list for other screens (the packages screen's usage tab mounts it), and the tag a payment invalidates.
export { InvoicesPanel } from './components/invoices-panel';
export { INVOICE_TAG } from './api';
