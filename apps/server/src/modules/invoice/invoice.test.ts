import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { smtpSink } from '../../test/smtp-sink.js';
import type { Payments } from '../payment/payment.public.js';
import { pdfText } from './invoice.fixtures.js';
import { formatAmount, renderInvoicePdf } from './invoice.pdf.js';
import { splitVat } from './invoice.service.js';
import type { InvoiceRow } from './invoice.table.js';

const PURPOSE = 'INVOICE_TEST';
const SUCCESS_CARD = { number: '4242424242424242', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Ayşe Yılmaz' };

describe('splitVat', () => {
  it('splits every VAT-inclusive total exactly: net + vat = total, vat rounded from the included share', () => {
    const wrong: string[] = [];
    for (const rate of [0, 1, 8, 10, 18, 20]) {
      for (let total = 0; total <= 20_000; total++) {
        const { netMinor, vatMinor } = splitVat(total, rate);
        const refund = splitVat(-total, rate);
        const ok =
          netMinor + vatMinor === total &&
          vatMinor === Math.round((total * rate) / (100 + rate)) &&
          Object.is(refund.netMinor, -netMinor + 0) &&
          Object.is(refund.vatMinor, -vatMinor + 0);
        if (!ok) wrong.push(`${total}@${rate}%`);
      }
    }
    expect(wrong).toEqual([]);
    expect(splitVat(9990, 20)).toEqual({ netMinor: 8325, vatMinor: 1665 });
    expect(splitVat(4999, 20)).toEqual({ netMinor: 4166, vatMinor: 833 });
  });
});

describe.each(DIALECTS)('invoices (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpSink>>;
  let payments: Payments;

  beforeAll(async () => {
    smtp = await smtpSink();
    t = await startTestApp(dialect, {
      SMTP_URL: smtp.url,
      INVOICE_SELLER_NAME: 'Bulut Test İletişim A.Ş.',
      INVOICE_SELLER_TAX_ID: '1234567890',
      INVOICE_SELLER_ADDRESS: 'Levent, İstanbul',
      INVOICE_VAT_RATE: '20',
    });
    payments = (t.app as unknown as { payments: Payments }).payments;
    // A purpose that takes the money and does nothing else: these tests are about the invoice the capture makes.
    payments.registerPurpose(PURPOSE, { onCaptured: async () => undefined });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const pay = (accountId: string, amountMinor: number, description = '100 GB monthly') =>
    payments.start({
      accountId,
      purposeKind: PURPOSE,
      purposeRef: randomUUID(),
      amountMinor,
      currency: 'TRY',
      description,
      idempotencyKey: randomUUID(),
      method: { type: 'NEW_CARD', card: SUCCESS_CARD, saveCard: false },
      returnUrl: 'http://localhost/main/packages',
    });
  const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/invoices${query}`, headers: authed(token) });
  const rowOf = (id: string) => t.database.db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<InvoiceRow>;
  const runJobs = async () => {
    for (let i = 0; i < 30 && (await t.app.jobs.runDue()) > 0; i++);
  };

  it('a captured payment gets an invoice in its transaction: number, seller, buyer, exact VAT; the list shows it', async () => {
    const buyer = await signUp(t);
    const { payment } = await pay(buyer.accountId, 9990);
    expect(payment.status).toBe('CAPTURED');

    const res = await list(buyer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    const [item] = body.items;
    const year = new Date(payment.capturedAt!).getUTCFullYear();
    expect(item).toMatchObject({ kind: 'INVOICE', description: '100 GB monthly', totalMinor: 9990, vatMinor: 1665, netMinor: 8325, currency: 'TRY', periodStart: null });
    expect(item.number).toMatch(new RegExp(`^BLT-${year}-\\d{6}$`));
    expect(new Date(item.issuedAt).getTime()).toBe(payment.capturedAt);

    const row = await rowOf(item.id);
    expect(row).toMatchObject({
      account_id: buyer.accountId,
      payment_id: payment.id,
      seller_name: 'Bulut Test İletişim A.Ş.',
      seller_tax_id: '1234567890',
      seller_address: 'Levent, İstanbul',
      vat_rate: 20,
      buyer_name: 'Ayşe Yılmaz',
      buyer_email: buyer.user.email,
      language: 'tr',
    });
  });

  it('numbers are gap-free and unique under 20 concurrent captures', async () => {
    const buyers = [await signUp(t), await signUp(t)];
    const before = await t.database.db.selectFrom('invoice').select('number').execute();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(buyers[i % 2]!.accountId, 1000 + i)));
    expect(results.every((r) => r.payment.status === 'CAPTURED')).toBe(true);

    const numbers = (await t.database.db.selectFrom('invoice').select('number').execute()).map((r) => r.number);
    expect(numbers).toHaveLength(before.length + 20);
    const byYear = new Map<string, number[]>();
    for (const n of numbers) {
      const [, year, seq] = n.match(/^BLT-(\d{4})-(\d{6})$/)!;
      byYear.set(year!, [...(byYear.get(year!) ?? []), Number(seq)]);
    }
    for (const seqs of byYear.values()) {
      expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
    const counters = await t.database.db.selectFrom('invoice_counter').selectAll().execute();
    for (const c of counters) expect(Number(c.last_number)).toBe(byYear.get(String(c.year))!.length);
    // Each account sees its own ten.
    for (const b of buyers) expect((await list(b.token)).json().total).toBe(10);
  });

  it('a package purchase’s invoice carries the subscription period and the package line', async () => {
    const buyer = await signUp(t);
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/packages', headers: authed(buyer.token) })).json().packages as Array<{ id: string; code: string; priceMinor: number; discountedPriceMinor: number }>;
    const pkg = catalogue.find((p) => p.code === 'STORAGE_100GB_MONTHLY')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages/orders',
      headers: authed(buyer.token),
      payload: { packageId: pkg.id, idempotencyKey: randomUUID(), payment: { type: 'NEW_CARD', card: SUCCESS_CARD, saveCard: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('COMPLETED');
    const sub = (await t.app.inject({ method: 'GET', url: '/api/packages/subscription', headers: authed(buyer.token) })).json();
    const [item] = (await list(buyer.token)).json().items;
    expect(item).toMatchObject({ kind: 'INVOICE', totalMinor: res.json().payment.amountMinor, periodStart: sub.periodStart, periodEnd: sub.periodEnd });
    expect(item.periodStart).not.toBeNull();
    // The line item in the buyer's language (Turkish at sign-up), not the payment's English statement text.
    expect(item.description).toBe('Bulut 100 GB aylık paket (satın alma)');
    const text = pdfText(await renderInvoicePdf(await rowOf(item.id), { compress: false }));
    expect(text).toContain('Dönem:');
  });

  it('a declined payment makes no invoice and takes no number', async () => {
    const buyer = await signUp(t);
    const counters = () => t.database.db.selectFrom('invoice_counter').selectAll().orderBy('year').execute();
    const before = await counters();
    const { payment } = await payments.start({
      accountId: buyer.accountId,
      purposeKind: PURPOSE,
      purposeRef: randomUUID(),
      amountMinor: 9990,
      currency: 'TRY',
      description: '100 GB monthly',
      idempotencyKey: randomUUID(),
      method: { type: 'NEW_CARD', card: { ...SUCCESS_CARD, number: '4000000000009995' }, saveCard: false },
      returnUrl: 'http://localhost/main/packages',
    });
    expect(payment).toMatchObject({ status: 'DECLINED', declineCode: 'INSUFFICIENT_FUNDS' });
    expect((await list(buyer.token)).json()).toEqual({ items: [], total: 0 });
    expect(await counters()).toEqual(before);
    // The next capture takes the next number: no gap was left.
    const { payment: ok } = await pay(buyer.accountId, 500);
    const [item] = (await list(buyer.token)).json().items;
    const year = new Date(ok.capturedAt!).getUTCFullYear();
    const last = before.find((c) => Number(c.year) === year)?.last_number ?? 0;
    expect(item.number).toBe(`BLT-${year}-${String(Number(last) + 1).padStart(6, '0')}`);
  });

  it('a refund gets a REFUND invoice with negative amounts that names the original', async () => {
    const buyer = await signUp(t);
    const { payment } = await pay(buyer.accountId, 4999, '50 GB monthly');
    const refunded = await payments.refund(payment.id, 4999, 'customer request', randomUUID());
    expect(refunded.status).toBe('REFUNDED');

    const items = (await list(buyer.token)).json().items as Array<{ id: string; kind: string; number: string; totalMinor: number; netMinor: number; vatMinor: number }>;
    expect(items).toHaveLength(2);
    const original = items.find((i) => i.kind === 'INVOICE')!;
    const refund = items.find((i) => i.kind === 'REFUND')!;
    expect(refund).toMatchObject({ totalMinor: -4999, vatMinor: -833, netMinor: -4166 });
    expect(refund.number).not.toBe(original.number);
    const row = await rowOf(refund.id);
    expect(row.original_invoice_id).toBe(original.id);
    expect(row.payment_id).toBe(payment.id);

    const text = pdfText(await renderInvoicePdf(row, { compress: false, originalNumber: original.number }));
    expect(text).toContain('İade faturası');
    expect(text).toContain(`${original.number} numaralı faturanın iadesi`);
    expect(text).toContain(formatAmount(-4999, 'TRY', 'tr'));
  });

  it('downloads the PDF through a signed link in the buyer’s language; another account, a tampered or foreign token finds nothing', async () => {
    const buyer = await signUp(t);
    const other = await signUp(t);
    await pay(buyer.accountId, 12_990, '500 GB yearly');
    const [item] = (await list(buyer.token)).json().items;

    const link = await t.app.inject({ method: 'GET', url: `/api/invoices/${item.id}/pdf`, headers: authed(buyer.token) });
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/^\/api\/invoice-pdf\/[\w-]+\.[\w-]+$/);
    const pdf = await t.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${item.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');

    const text = pdfText(await renderInvoicePdf(await rowOf(item.id), { compress: false }));
    for (const s of ['Fatura', `Fatura no: ${item.number}`, 'Bulut Test İletişim A.Ş.', 'Vergi no: 1234567890', 'Ayşe Yılmaz', '500 GB yearly', 'KDV (%20)']) {
      expect(text).toContain(s);
    }
    expect(text).toContain(formatAmount(12_990, 'TRY', 'tr'));
    expect(text).toContain(formatAmount(2165, 'TRY', 'tr'));

    expectError(await t.app.inject({ method: 'GET', url: `/api/invoices/${item.id}/pdf`, headers: authed(other.token) }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: `/api/invoices/${randomUUID()}/pdf`, headers: authed(buyer.token) }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: '/api/invoices/not-a-uuid/pdf', headers: authed(buyer.token) }), 400);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${item.id}/pdf` })).statusCode).toBe(401);
    expect((await list(other.token)).json()).toEqual({ items: [], total: 0 });

    const [body, sig] = url.split('/').at(-1)!.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, i: randomUUID() })).toString('base64url');
    for (const token of [`${forged}.${sig}`, `${body}.${sig.slice(0, -2)}AA`, `${body}x.${sig}`, body, 'x']) {
      expectError(await t.app.inject({ method: 'GET', url: `/api/invoice-pdf/${token}` }), 404, 'NOT_FOUND');
    }
  });

  it('pages the list and refuses bad paging with 400', async () => {
    const buyer = await signUp(t);
    for (const amount of [100, 200, 300]) await pay(buyer.accountId, amount);
    const page = (await list(buyer.token, '?page=1&size=2')).json();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
    expect(page.items[0].totalMinor).toBe(100);
    expectError(await list(buyer.token, '?size=0'), 400, 'VALIDATION_ERROR');
    expectError(await list(buyer.token, '?size=101'), 400, 'VALIDATION_ERROR');
    expectError(await list(buyer.token, '?page=-1'), 400, 'VALIDATION_ERROR');
  });

  it('e-mails the receipt with the PDF attached through the mail job', async () => {
    const buyer = await signUp(t);
    await pay(buyer.accountId, 9990, '1 TB monthly');
    const [item] = (await list(buyer.token)).json().items;
    await runJobs();
    const mail = smtp.received.find((m) => m.includes(`filename=${item.number}.pdf`));
    expect(mail, `receipt in the SMTP sink among ${smtp.received.length}`).toBeDefined();
    expect(mail).toMatch(new RegExp(`^To: ${buyer.user.email}`, 'mi'));
    // The subject is MIME-encoded (non-ASCII Turkish): "Bulut faturanız BLT-…".
    expect(mail).toMatch(/^Subject: =\?UTF-8\?/im);
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    expect(mail).toContain(`filename=${item.number}.pdf`);
    // The attachment is the PDF: base64 of "%PDF-".
    expect(mail).toContain('JVBERi0');
  });
});
