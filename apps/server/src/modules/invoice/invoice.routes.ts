import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Binary, ErrorResponse, errorResponses, TokenParams } from '../../shared/schemas.js';
import { InvoiceListQuery, InvoicePage, InvoiceParams, InvoicePdfLink, toInvoiceItem } from './invoice.schemas.js';
import type { InvoiceService } from './invoice.service.js';

const tags = ['invoice'];

/** The invoice id is checked by the service against the caller: another account's invoice is not found. */
const ownInvoice = {
  permission: 'self',
  notIds: [{ in: 'params', path: 'id', why: 'an invoice id; the service looks it up among the caller’s own invoices (404 otherwise)' }],
} as const;

export const invoiceRoutes: FastifyPluginAsyncTypebox<{ invoices: InvoiceService }> = async (app, { invoices }) => {
  app.get(
    '/invoices',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getInvoices', summary: 'List invoices', tags, querystring: InvoiceListQuery, response: { 200: InvoicePage, ...errorResponses } },
    },
    async (req) => {
      const { items, total, language } = await invoices.list(req.auth!, req.query.page, req.query.size);
      return { items: items.map((item) => toInvoiceItem(item, language)), total };
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { access: ownInvoice },
      schema: { operationId: 'getInvoicePdf', summary: "Get an invoice PDF's signed URL", tags, params: InvoiceParams, response: { 200: InvoicePdfLink, ...errorResponses } },
    },
    async (req) => invoices.pdfLink(req.auth!, req.params.id),
  );

  // Public: a plain link cannot send X-Auth-Token; the signed token is the credential.
  app.get(
    // A wildcard: a signed token is longer than a route parameter may be.
    '/invoice-pdf/*',
    {
      exposeHeadRoute: false,
      config: { public: true, signedUrl: true },
      schema: {
        operationId: 'downloadInvoicePdf',
        summary: 'Download an invoice PDF (signed URL)',
        tags,
        params: TokenParams,
        response: { 200: Binary('application/pdf', 'The invoice as a PDF file.'), 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      const { filename, pdf } = await invoices.pdfByToken(req.params['*']);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
