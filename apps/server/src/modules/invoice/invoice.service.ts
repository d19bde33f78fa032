import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound } from '../../shared/errors.js';
import { toLanguage, type Language } from '../../shared/schemas.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import type { PaymentEvent, Payments } from '../payment/payment.public.js';
import { getOrderLine, getSubscriptionOf } from '../packages/packages.public.js';
import { INVOICE_TEXTS } from './invoice.messages.js';
import { renderInvoicePdf } from './invoice.pdf.js';
import * as repo from './invoice.repository.js';
import type { InvoiceRow } from './invoice.table.js';

export const RECEIPT_JOB = 'invoice.receipt';
/** The packages module's purpose: its capture handler has set the subscription's period before the event arrives. */
const PACKAGE_ORDER = 'PACKAGE_ORDER';
/** How long a PDF link works: long enough to click, short enough not to be a standing credential. */
const PDF_LINK_MS = 10 * 60_000;

export interface InvoiceSeller {
  name: string;
  taxId: string;
  address: string;
  /** Percent, VAT included in every price. */
  vatRate: number;
}

export interface InvoiceServiceDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
  messages: MessageJobs;
  signer: UrlSigner;
  payments: Pick<Payments, 'onEvent'>;
  seller: InvoiceSeller;
  clock?: () => number;
}

/** VAT-inclusive split: vat = round(|total| × rate / (100 + rate)), net = total − vat; a refund mirrors its sign. */
export function splitVat(totalMinor: number, ratePercent: number): { netMinor: number; vatMinor: number } {
  const sign = totalMinor < 0 ? -1 : 1;
  const abs = Math.abs(totalMinor);
  const vat = Math.round((abs * ratePercent) / (100 + ratePercent));
  // `+ 0` turns a negative zero (a refund of nothing) into 0.
  return { netMinor: sign * (abs - vat) + 0, vatMinor: sign * vat + 0 };
}

export const formatNumber = (year: number, n: number) => `BLT-${year}-${String(n).padStart(6, '0')}`;

export class InvoiceService {
  private readonly now: () => number;

  constructor(private readonly d: InvoiceServiceDeps) {
    this.now = d.clock ?? Date.now;
    // Every capture and refund gets its invoice in the transaction that records it: no charge without an invoice.
    d.payments.onEvent((trx, e) => this.onPaymentEvent(trx, e));
  }

  async onPaymentEvent(trx: Executor, e: PaymentEvent): Promise<void> {
    const p = e.payment;
    if (e.type === 'REFUNDED' && !e.refund) throw new Error(`REFUNDED event of payment ${p.id} without its refund`);
    const sourceRef = e.type === 'CAPTURED' ? p.id : e.refund!.id;
    // The same event delivered twice (reconciliation after a lost answer) makes one invoice.
    if (await repo.getBySourceRef(trx, sourceRef)) return;
    const account = await getAccount(trx, p.accountId);
    if (!account) throw new Error(`payment ${p.id} names no account`);
    const issuedAt = e.type === 'CAPTURED' ? (p.capturedAt ?? this.now()) : e.refund!.at;
    const total = e.type === 'CAPTURED' ? p.amountMinor : -e.refund!.amountMinor;
    const original = e.type === 'REFUNDED' ? await repo.getInvoiceOfPayment(trx, p.id) : undefined;
    const year = new Date(issuedAt).getUTCFullYear();
    const number = formatNumber(year, await repo.nextNumber(trx, year));
    const { netMinor, vatMinor } = splitVat(total, this.d.seller.vatRate);
    // A package charge covers the subscription's period as it stands after the capture (same transaction).
    const sub = e.type === 'CAPTURED' && p.purposeKind === PACKAGE_ORDER ? await getSubscriptionOf(trx, p.accountId) : null;
    // What was bought, kept as data: the line is written in the reader's language (a refund repeats its original's).
    const line = e.type === 'CAPTURED' && p.purposeKind === PACKAGE_ORDER ? await getOrderLine(trx, p.purposeRef) : null;
    const id = randomUUID();
    await repo.insert(trx, {
      id,
      account_id: p.accountId,
      number,
      kind: e.type === 'CAPTURED' ? 'INVOICE' : 'REFUND',
      source_ref: sourceRef,
      payment_id: p.id,
      original_invoice_id: original?.id ?? null,
      issued_at: issuedAt,
      description: p.description,
      net_minor: netMinor,
      vat_minor: vatMinor,
      total_minor: total,
      vat_rate: this.d.seller.vatRate,
      currency: p.currency,
      period_start: sub?.periodStart ?? original?.period_start ?? null,
      period_end: sub?.periodEnd ?? original?.period_end ?? null,
      seller_name: this.d.seller.name,
      seller_tax_id: this.d.seller.taxId,
      seller_address: this.d.seller.address,
      buyer_name: `${account.name} ${account.surname}`.trim(),
      buyer_email: account.email,
      language: account.language,
      item_storage_bytes: line?.storageBytes ?? original?.item_storage_bytes ?? null,
      item_family: line ? Number(line.family) : (original?.item_family ?? null),
      item_period: line?.period ?? original?.item_period ?? null,
      item_kind: line?.kind ?? original?.item_kind ?? null,
      item_periods: line?.periods ?? original?.item_periods ?? null,
    });
    // The PDF is rendered by the job, outside the payment's transaction; the job only exists if the payment commits.
    if (account.email) await this.d.jobs.enqueue(trx, RECEIPT_JOB, { invoiceId: id });
  }

  /** A page of the caller's invoices and the language their lines are written in (the account's). */
  async list(auth: AuthContext, page: number, size: number) {
    const [result, language] = await Promise.all([repo.listByAccount(this.d.db, auth.accountId, size, page * size), this.languageOf(auth.accountId)]);
    return { ...result, language: language ?? 'tr' };
  }

  /** The account's interface language now (it may have changed since the invoice); undefined once the account is gone. */
  private async languageOf(accountId: string): Promise<Language | undefined> {
    const account = await getAccount(this.d.db, accountId);
    return account ? toLanguage(account.language, 'tr') : undefined;
  }

  /** A short-lived signed link to the PDF; another account's invoice is not found. */
  async pdfLink(auth: AuthContext, id: string): Promise<{ url: string }> {
    const inv = await repo.getOwned(this.d.db, auth.accountId, id);
    if (!inv) throw NotFound('Invoice not found.');
    const token = await this.d.signer.sign('invoice', { i: inv.id, e: this.now() + PDF_LINK_MS });
    return { url: `/api/invoice-pdf/${token}` };
  }

  /** The PDF behind a signed link; anything but a genuine, unexpired token is not found. */
  async pdfByToken(token: string): Promise<{ filename: string; pdf: Buffer }> {
    const claims = await this.d.signer.verify('invoice', token, this.now());
    const id = claims && typeof claims.i === 'string' ? claims.i : null;
    const inv = id ? await repo.getById(this.d.db, id) : undefined;
    if (!inv) throw NotFound('Invoice not found.');
    return { filename: `${inv.number}.pdf`, pdf: await this.render(inv) };
  }

  async render(inv: InvoiceRow, compress = true): Promise<Buffer> {
    const original = inv.original_invoice_id ? await repo.getById(this.d.db, inv.original_invoice_id) : undefined;
    return renderInvoicePdf(inv, { compress, originalNumber: original?.number ?? null, language: await this.languageOf(inv.account_id) });
  }

  /** The receipt job: the e-mail with the PDF attached, through the mail job. */
  async sendReceipt(invoiceId: string): Promise<void> {
    const inv = await repo.getById(this.d.db, invoiceId);
    if (!inv || !inv.buyer_email) return;
    const t = INVOICE_TEXTS[(await this.languageOf(inv.account_id)) ?? toLanguage(inv.language, 'tr')];
    const pdf = await this.render(inv);
    await this.d.messages.email(this.d.db, {
      to: inv.buyer_email,
      subject: t.subject(inv.number),
      text: t.body(inv.buyer_name, inv.number),
      attachments: [{ filename: `${inv.number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    });
  }
}
