import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/schemas.js';
import { pdfText } from './invoice.fixtures.js';
import { LINE_TEXTS, lineItemText } from './invoice.line.messages.js';
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
  item_storage_bytes: null,
  item_family: null,
  item_period: null,
  item_kind: null,
  item_periods: null,
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

  const GIB = 1024 ** 3;
  const pkgRow = (language: string, item: Partial<InvoiceRow> = {}): InvoiceRow => ({
    ...row(language),
    description: 'Bulut 500 GB monthly package (purchase)',
    item_storage_bytes: 500 * GIB,
    item_family: 0,
    item_period: 'MONTHLY',
    item_kind: 'PURCHASE',
    item_periods: 1,
    ...item,
  });

  it('writes a package line item in the language it renders in, whatever the stored description says', async () => {
    expect(pdfText(await renderInvoicePdf(pkgRow('tr'), { compress: false }))).toContain('Bulut 500 GB aylık paket (satın alma)');
    expect(pdfText(await renderInvoicePdf(pkgRow('tr'), { compress: false, language: 'en' }))).toContain('Bulut 500 GB monthly package (purchase)');
    expect(pdfText(await renderInvoicePdf(pkgRow('en'), { compress: false, language: 'de' }))).toContain('Bulut 500 GB, Monatspaket (Kauf)');
    expect(lineItemText({ storageBytes: 1024 ** 4, family: true, period: 'YEARLY', kind: 'RENEWAL', periods: 1 }, 'tr')).toBe('Bulut 1 TB Aile yıllık paket (yenileme)');
    expect(lineItemText({ storageBytes: 100 * GIB, family: false, period: 'MONTHLY', kind: 'UPGRADE', periods: 1 }, 'fr')).toBe('Forfait mensuel Bulut 100 Go (passage à une offre supérieure)');
    expect(lineItemText({ storageBytes: 50 * GIB, family: false, period: 'MONTHLY', kind: 'PURCHASE', periods: 3 }, 'en')).toBe('Bulut 50 GB monthly package (3 periods)');
  });

  it('a Turkish invoice has no English word in it', async () => {
    const text = pdfText(await renderInvoicePdf(pkgRow('tr', { period_start: Date.UTC(2026, 10, 26), period_end: Date.UTC(2026, 11, 26) }), { compress: false }));
    const en = INVOICE_TEXTS.en;
    const lines = LINE_TEXTS.en;
    const english = [
      en.invoice, en.number, en.date, en.seller, en.buyer, en.taxId, en.description, en.period, en.net, en.vat(20), en.total, en.vatIncluded,
      lines.purchase, lines.line('500 GB', false, false, lines.purchase),
      // Month names: the dates are Turkish too.
      'November', 'December',
    ];
    // Every word of four letters or more but the brand.
    const words = new Set(english.flatMap((s) => s.match(/\p{L}{4,}/gu) ?? []).filter((w) => w !== 'Bulut'));
    expect(words.size).toBeGreaterThan(15);
    expect([...words].filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(text))).toEqual([]);
    expect(text).toContain('Bulut 500 GB aylık paket (satın alma)');
    expect(text).toContain('Kasım');
  });
});
