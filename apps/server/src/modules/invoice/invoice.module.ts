import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { InvoiceService, RECEIPT_JOB, type InvoiceServiceDeps } from './invoice.service.js';
import { invoiceRoutes } from './invoice.routes.js';
import { purgeAccount } from './invoice.repository.js';
import { exportInvoices } from './invoice.export.js';

export function invoiceModule(d: InvoiceServiceDeps): ModuleWith<InvoiceService> {
  const invoices = new InvoiceService(d);
  return {
    name: 'invoice',
    routes: routes(invoiceRoutes, { invoices }),
    jobs: [
      {
        type: RECEIPT_JOB,
        handler: (p) => invoices.sendReceipt((p as { invoiceId: string }).invoiceId),
        options: { maxAttempts: 8, backoffMs: 5_000 },
      },
    ],
    tables: ['invoice', 'invoice_counter'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    exportAccount: (accountId) => exportInvoices(d.db, accountId),
    service: invoices,
  };
}
