import { generatedApi, type GetInvoicesApiArg, type Invoice } from '@/api/generated/invoices';

export type { Invoice };
export type InvoicesQuery = GetInvoicesApiArg;

/**
 * The invoice list hangs on the spec's `Invoice` tag. A payment makes an invoice on the server, so whatever confirms a
 * payment invalidates this tag (`INVOICE_TAG`) and the list reads again.
 */
export const INVOICE_TAG = 'Invoice' as const;

export const invoicesApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getInvoices: { providesTags: [INVOICE_TAG] },
  },
});

export const { useGetInvoicesQuery, useGetInvoicePdfMutation } = invoicesApi;
