import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/schemas.js';
import { pdfText } from './invoice.fixtures.js';
import { INVOICE_TEXTS } from './invoice.messages.js';
import { formatAmount, renderInvoicePdf } from './invoice.pdf.js';
import type { InvoiceRow } from './invoice.table.js';

const row = (language: string): InvoiceRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  account_id: '00000000-0000-4000-8000-000000000002',
  number: 'BLT-2026-000042',
  kind: 'INVOICE',
  source_ref: 'p1',
  payment_id: 'p1',
  original_invoice_id: null,
  issued_at: Date.UTC(2026, 10, 26, 9),
  description: '1 TB yearly',
  net_minor: 83_325,
  vat_minor: 16_665,
  total_minor: 99_990,
  vat_rate: 20,
  currency: 'TRY',
  period_start: null,
  period_end: null,
  seller_name: 'Bulut A.Ş.',
  seller_tax_id: '1234567890',
  seller_address: 'İstanbul',
  buyer_name: 'Ayşe Yılmaz',
  buyer_email: 'ayse@example.com',
  language,
});

describe('invoice PDF', () => {
  it.each(LANGUAGES)('renders in %s with its own labels and amounts', async (language) => {
    const pdf = await renderInvoicePdf(row(language), { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const t = INVOICE_TEXTS[language];
    expect(text).toContain('BLT-2026-000042');
    expect(text).toContain('Ayşe Yılmaz');
    if (language !== 'ar') {
      // Arabic glyphs are shaped (joined forms), so its labels are not extracted letter for letter.
      expect(text).toContain(t.invoice);
      expect(text).toContain(t.total);
    }
    // Direction marks (Arabic's amounts carry one) are not glyphs.
    expect(text).toContain(formatAmount(99_990, 'TRY', language).replace(/[\u200e\u200f\u061c]/g, ''));
  });

  it('falls back to Turkish for a language the product does not speak', async () => {
    expect(pdfText(await renderInvoicePdf(row('xx'), { compress: false }))).toContain('Fatura no: BLT-2026-000042');
  });
});
