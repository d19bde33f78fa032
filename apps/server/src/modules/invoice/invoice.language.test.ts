import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { inflatePdf, pdfText } from './invoice.fixtures.js';
import { LINE_TEXTS } from './invoice.line.messages.js';
import { INVOICE_TEXTS } from './invoice.messages.js';

const CARD = { number: '4242424242424242', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Ayşe Yılmaz' };

// Issue 26: the invoice (list, PDF, receipt e-mail) speaks the account's language, line item included.
describe.each(DIALECTS)('invoices in the account’s language (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Who = Awaited<ReturnType<typeof signUp>>;
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authed(who.token), ...(payload ? { payload } : {}) });
  const buy500Monthly = async (who: Who) => {
    const pkg = ((await call(who, 'GET', '/api/packages')).json().packages as Array<{ id: string; code: string }>).find((p) => p.code === 'STORAGE_500GB_MONTHLY')!;
    const res = await call(who, 'POST', '/api/packages/orders', {
      packageId: pkg.id,
      idempotencyKey: randomUUID(),
      payment: { type: 'NEW_CARD', card: CARD, saveCard: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('COMPLETED');
    const [item] = (await call(who, 'GET', '/api/invoices')).json().items as Array<{ id: string; number: string; description: string }>;
    return item!;
  };
  /** The PDF as the signed link serves it, inflated and read as text. */
  const pdfOf = async (who: Who, id: string) => {
    const { url } = (await call(who, 'GET', `/api/invoices/${id}/pdf`)).json() as { url: string };
    const pdf = await t.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    return pdfText(inflatePdf(pdf.rawPayload));
  };
  const runJobs = async () => {
    for (let i = 0; i < 30 && (await t.app.jobs.runDue()) > 0; i++);
  };
  /** Every English word of four letters or more in the invoice and line tables (the brand aside). */
  const englishWords = () => {
    const en = INVOICE_TEXTS.en;
    const line = LINE_TEXTS.en;
    const texts = [en.invoice, en.number, en.date, en.seller, en.buyer, en.taxId, en.description, en.period, en.net, en.vat(20), en.total, en.vatIncluded];
    texts.push(line.line('500 GB', false, false, line.purchase), line.line('1 TB', true, true, line.renewal), line.upgrade);
    return [...new Set(texts.flatMap((s) => s.match(/\p{L}{4,}/gu) ?? []).filter((w) => w !== 'Bulut'))];
  };

  it('a Turkish account’s package invoice is entirely Turkish: list, PDF line item, labels and dates', async () => {
    const buyer = await signUp(t);
    const item = await buy500Monthly(buyer);
    expect(item.description).toBe('Bulut 500 GB aylık paket (satın alma)');
    const text = await pdfOf(buyer, item.id);
    expect(text).toContain('Bulut 500 GB aylık paket (satın alma)');
    expect(text).toContain(`Fatura no: ${item.number}`);
    expect(text).toContain('Dönem:');
    const words = englishWords();
    expect(words.length).toBeGreaterThan(15);
    expect(words.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(text))).toEqual([]);
  });

  it('an English account gets the English line; the PDF follows the account when its language changes later', async () => {
    const buyer = await signUp(t);
    expect((await call(buyer, 'POST', '/api/account/language', { language: 'en' })).statusCode).toBe(200);
    const item = await buy500Monthly(buyer);
    expect(item.description).toBe('Bulut 500 GB monthly package (purchase)');
    const english = await pdfOf(buyer, item.id);
    expect(english).toContain('Bulut 500 GB monthly package (purchase)');
    expect(english).toContain(`Invoice no.: ${item.number}`);

    expect((await call(buyer, 'POST', '/api/account/language', { language: 'tr' })).statusCode).toBe(200);
    expect(await pdfOf(buyer, item.id)).toContain('Bulut 500 GB aylık paket (satın alma)');
    expect((await call(buyer, 'GET', '/api/invoices')).json().items[0].description).toBe('Bulut 500 GB aylık paket (satın alma)');
  });

  it('an Arabic account’s receipt e-mail is in Arabic, with an Arabic PDF attached', async () => {
    const buyer = await signUp(t);
    expect((await call(buyer, 'POST', '/api/account/language', { language: 'ar' })).statusCode).toBe(200);
    const item = await buy500Monthly(buyer);
    await runJobs();
    const mail = readOutbox(t.dataDir).find((m) => m.channel === 'email' && m.to === buyer.user.email && m.subject?.includes(item.number)) as
      | { subject: string; text: string; attachments: Array<{ contentBase64: string }> }
      | undefined;
    expect(mail, 'receipt in the outbox').toBeDefined();
    expect(mail!.subject).toBe(INVOICE_TEXTS.ar.subject(item.number));
    expect(mail!.text).toBe(INVOICE_TEXTS.ar.body('Ayşe Yılmaz', item.number));
    expect(mail!.text).toMatch(/\p{Script=Arabic}/u);
    const pdf = pdfText(inflatePdf(Buffer.from(mail!.attachments[0]!.contentBase64, 'base64')));
    expect(pdf).toContain(item.number);
    expect(pdf).not.toContain('Fatura');
    expect(pdf).not.toContain('Invoice');
    expect(pdf).toMatch(/\p{Script=Arabic}/u);
  });
});
