import fs from 'node:fs';
import { toLanguage, type Language } from '../../shared/schemas.js';
import { invoiceLine } from './invoice.line.messages.js';
import { INVOICE_TEXTS } from './invoice.messages.js';
import type { InvoiceRow } from './invoice.table.js';

/** Debian's fonts-dejavu-core: one font with Latin, Cyrillic, Georgian and Arabic glyphs, so every language renders. */
export const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const REGULAR = `${FONT_DIR}/DejaVuSans.ttf`;
const BOLD = `${FONT_DIR}/DejaVuSans-Bold.ttf`;

/** The amount in the language's own notation (minor units → major with the currency's digits). */
export function formatAmount(minor: number, currency: string, language: Language): string {
  const fmt = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minor / 10 ** digits);
}

export const formatDate = (at: number, language: Language) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(new Date(at));

export interface RenderOptions {
  /** Tests read the content stream; production compresses it. */
  compress?: boolean;
  /** The original's number, for a REFUND. */
  originalNumber?: string | null;
  /** The account's language now; the language stored at issue stands in when there is none (account gone). */
  language?: string | null;
}

/** The invoice as a PDF in the buyer's language: every label, the line item, dates and amounts. */
export async function renderInvoicePdf(inv: InvoiceRow, opts: RenderOptions = {}): Promise<Buffer> {
  if (!fs.existsSync(REGULAR) || !fs.existsSync(BOLD)) {
    throw new Error(`invoice PDFs need the DejaVu fonts (${FONT_DIR}); install Debian's fonts-dejavu-core`);
  }
  // Loaded on the first invoice, not at start: pdfkit's fonts and modules were ~0.15 CPU-s of every server start (issue 28).
  const { default: PDFDocument } = await import('pdfkit');
  const lang = toLanguage(opts.language ?? inv.language, 'tr');
  const t = INVOICE_TEXTS[lang];
  const rtl = lang === 'ar';
  const title = inv.kind === 'REFUND' ? t.refund : t.invoice;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: opts.compress ?? true,
    lang,
    info: { Title: `${title} ${inv.number}`, Author: inv.seller_name, Subject: inv.number, Creator: 'Bulut' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const align = rtl ? 'right' : 'left';
  const width = doc.page.width - 100;
  const money = (minor: number) => formatAmount(minor, inv.currency, lang);

  doc.font('bold').fontSize(20).text(title, { align });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(10);
  doc.text(`${t.number}: ${inv.number}`, { align });
  doc.text(`${t.date}: ${formatDate(inv.issued_at, lang)}`, { align });
  if (inv.kind === 'REFUND' && opts.originalNumber) doc.text(t.refersTo(opts.originalNumber), { align });
  doc.moveDown();

  const top = doc.y;
  const half = width / 2 - 10;
  const party = (x: number, label: string, lines: string[]) => {
    doc.font('bold').fontSize(11).text(label, x, top, { width: half, align });
    doc.font('regular').fontSize(10);
    for (const line of lines) if (line) doc.text(line, x, doc.y, { width: half, align });
    return doc.y;
  };
  const [first, second] = rtl ? [50 + half + 20, 50] : [50, 50 + half + 20];
  const sellerEnd = party(first, t.seller, [inv.seller_name, `${t.taxId}: ${inv.seller_tax_id}`, inv.seller_address]);
  const buyerEnd = party(second, t.buyer, [inv.buyer_name, inv.buyer_email]);
  doc.x = 50;
  doc.y = Math.max(sellerEnd, buyerEnd) + 20;

  doc.font('bold').fontSize(11).text(t.description, 50, doc.y, { width, align });
  doc.font('regular').fontSize(10).text(invoiceLine(inv, lang), { width, align });
  if (inv.period_start !== null && inv.period_end !== null) {
    doc.text(`${t.period}: ${formatDate(inv.period_start, lang)} – ${formatDate(inv.period_end, lang)}`, { width, align });
  }
  doc.moveDown();

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 12 : 10);
    doc.text(label, 50, y, { width: width - 160, align });
    doc.text(value, rtl ? 50 : 50 + width - 150, y, { width: 150, align: rtl ? 'left' : 'right' });
    doc.moveDown(0.3);
  };
  row(t.net, money(inv.net_minor));
  row(t.vat(inv.vat_rate), money(inv.vat_minor));
  row(t.total, money(inv.total_minor), true);
  doc.moveDown();
  doc.font('regular').fontSize(8).text(t.vatIncluded, 50, doc.y, { width, align });
  doc.end();
  return done;
}
