import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { AppError, BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import * as accounts from '../account/account.identity.public.js';
import {
  createCatalogueEntry,
  getCatalogueEntry,
  listCatalogue,
  PREMIUM_FEATURES,
  updateCatalogueEntry,
  type CatalogueEntry,
  type CatalogueInput,
} from '../packages/packages.catalogue.public.js';
import { getOrderRecord, ordersByIds, ordersOfAccount, PACKAGE_ORDER_PURPOSE, type OrderRecord } from '../packages/packages.orders.public.js';
import type { Payments, PaymentView } from '../payment/payment.public.js';
import {
  getPaymentView,
  paymentByProviderRef,
  paymentsByCardLast4,
  refundsOf,
  type PaymentReconciliation,
  type ReconciliationDay,
  type RefundView,
} from '../payment/payment.ops.public.js';
import { invoicesOfPayment, paymentOfInvoiceNumber, type InvoiceSummary } from '../invoice/invoice.ops.public.js';
import {
  configHistory,
  listConfig,
  rollbackConfig,
  updateConfigValue,
  type ConfigChange,
  type ConfigKeyView,
  type ConfigVersionView,
} from '../remote-config/remote-config.ops.public.js';

/** The operator acting (the console's principal). */
export type Operator = OperatorContext;

export interface AuditEntry {
  operator: Operator | null;
  action: string;
  targetKind: 'plan' | 'config' | 'order';
  targetId: string | null;
  accountId: string | null;
  reason: string | null;
  before?: unknown;
  after?: unknown;
}
/** Writes the audit record in the caller's transaction (audit.public.ts recordOperatorAction). */
export type AuditRecorder = (trx: Executor, entry: AuditEntry) => Promise<void>;

export interface OpsCatalogDeps {
  db: Kysely<DB>;
  payments: Pick<Payments, 'refund'> & PaymentReconciliation;
  audit: AuditRecorder;
  clock: () => number;
}

export interface OrderSummary {
  id: string;
  accountId: string;
  subscriberEmail: string | null;
  kind: OrderRecord['kind'];
  status: OrderRecord['status'];
  amountMinor: number;
  currency: string;
  createdAt: number;
  packageCode: string | null;
  paymentStatus: PaymentView['status'] | null;
  cardMask: string | null;
  refundedMinor: number;
}

export interface OrderDetail {
  order: OrderRecord;
  package: Pick<CatalogueEntry, 'id' | 'code' | 'names' | 'period' | 'quotaBytes'> | null;
  subscriber: { id: string; email: string; phone: string; name: string } | null;
  payment: PaymentView | null;
  refunds: RefundView[];
  invoices: InvoiceSummary[];
  /** What can still be refunded. */
  refundableMinor: number;
}

const SEARCH_LIMIT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVOICE_NUMBER = /^BLT-\d{4}-\d{6}$/i;

/** The console's plans, remote configuration and orders: every change in one transaction with its audit record. */
export class OpsCatalogService {
  constructor(private readonly d: OpsCatalogDeps) {}

  // --- plans

  listPlans(): Promise<CatalogueEntry[]> {
    return listCatalogue(this.d.db);
  }

  async updatePlan(op: Operator, id: string, input: CatalogueInput & { reason: string }): Promise<CatalogueEntry> {
    const { reason, ...entry } = input;
    checkPlan(entry);
    return this.d.db.transaction().execute(async (trx) => {
      const before = await getCatalogueEntry(trx, id);
      if (!before) throw NotFound('Plan not found.');
      const after = (await updateCatalogueEntry(trx, id, entry))!;
      await this.d.audit(trx, { operator: op, action: 'plan.update', targetKind: 'plan', targetId: id, accountId: null, reason, before: planFacts(before), after: planFacts(after) });
      return after;
    });
  }

  async createPlan(op: Operator, input: CatalogueInput & { reason: string }): Promise<CatalogueEntry> {
    const { reason, ...entry } = input;
    checkPlan(entry);
    return this.d.db.transaction().execute(async (trx) => {
      const created = await createCatalogueEntry(trx, entry);
      await this.d.audit(trx, { operator: op, action: 'plan.create', targetKind: 'plan', targetId: created.id, accountId: null, reason, after: planFacts(created) });
      return created;
    });
  }

  // --- remote configuration

  listConfig(): Promise<ConfigKeyView[]> {
    return listConfig(this.d.db);
  }

  async updateConfig(op: Operator, name: string, body: { language: string; value: string | number | boolean; reason: string }): Promise<ConfigChange> {
    return this.d.db.transaction().execute(async (trx) => {
      const change = await updateConfigValue(trx, op, { name, ...body }, this.d.clock());
      if (change.changed) await this.auditConfig(trx, op, 'config.update', change, body.reason);
      return change;
    });
  }

  configHistory(name: string): Promise<ConfigVersionView[]> {
    return configHistory(this.d.db, name);
  }

  async rollbackConfig(op: Operator, name: string, body: { versionId: string; reason: string }): Promise<ConfigChange> {
    return this.d.db.transaction().execute(async (trx) => {
      const change = await rollbackConfig(trx, op, { name, ...body }, this.d.clock());
      await this.auditConfig(trx, op, 'config.rollback', change, body.reason);
      return change;
    });
  }

  private auditConfig(trx: Executor, op: Operator, action: string, c: ConfigChange, reason: string) {
    return this.d.audit(trx, {
      operator: op,
      action,
      targetKind: 'config',
      targetId: c.name,
      accountId: null,
      reason,
      before: { language: c.language, value: c.before },
      after: { language: c.language, value: c.after, versionId: c.versionId },
    });
  }

  // --- orders

  /** Orders by order id, payment id, invoice number, provider reference, subscriber id/e-mail/phone, or card's last four. */
  async searchOrders(q: string): Promise<OrderSummary[]> {
    const query = q.trim();
    if (query.length === 0) return [];
    const orderIds = new Set<string>();
    const accountIds = new Set<string>();
    const addPayment = (p: { purposeKind: string; purposeRef: string } | null) => {
      if (p && p.purposeKind === PACKAGE_ORDER_PURPOSE) orderIds.add(p.purposeRef);
    };
    if (/^\d{4}$/.test(query)) {
      for (const p of await paymentsByCardLast4(this.d.db, query, SEARCH_LIMIT)) addPayment({ purposeKind: p.purpose_kind, purposeRef: p.purpose_ref });
    } else if (UUID.test(query)) {
      const id = query.toLowerCase();
      if (await getOrderRecord(this.d.db, id)) orderIds.add(id);
      addPayment(await getPaymentView(this.d.db, id));
      if (await accounts.getById(this.d.db, id)) accountIds.add(id);
    } else if (INVOICE_NUMBER.test(query)) {
      const paymentId = await paymentOfInvoiceNumber(this.d.db, query.toUpperCase());
      if (paymentId) addPayment(await getPaymentView(this.d.db, paymentId));
    } else if (query.includes('@')) {
      const account = await accounts.getByEmail(this.d.db, query.toLowerCase());
      if (account) accountIds.add(account.id);
    } else if (/^\+?[\d\s()-]{7,20}$/.test(query)) {
      const digits = query.replace(/\D/g, '');
      const found = digits.length === 10 ? await accounts.listByNationalPhone(this.d.db, digits) : [await accounts.getByPhoneE164(this.d.db, `+${digits}`)];
      for (const a of found) if (a) accountIds.add(a.id);
    } else {
      addPayment(await paymentByProviderRef(this.d.db, query));
    }
    const orders = new Map<string, OrderRecord>();
    for (const o of await ordersByIds(this.d.db, [...orderIds].slice(0, SEARCH_LIMIT))) orders.set(o.id, o);
    for (const accountId of accountIds) for (const o of await ordersOfAccount(this.d.db, accountId, SEARCH_LIMIT)) orders.set(o.id, o);
    const list = [...orders.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, SEARCH_LIMIT);
    return Promise.all(list.map((o) => this.summary(o)));
  }

  private async summary(o: OrderRecord): Promise<OrderSummary> {
    const [account, payment, pkg] = await Promise.all([
      accounts.getById(this.d.db, o.accountId),
      o.paymentId ? getPaymentView(this.d.db, o.paymentId) : null,
      getCatalogueEntry(this.d.db, o.packageId),
    ]);
    return {
      id: o.id,
      accountId: o.accountId,
      subscriberEmail: account?.email ?? null,
      kind: o.kind,
      status: o.status,
      amountMinor: o.amountMinor,
      currency: o.currency,
      createdAt: o.createdAt,
      packageCode: pkg?.code ?? null,
      paymentStatus: payment?.status ?? null,
      cardMask: payment?.cardMask ?? null,
      refundedMinor: payment?.refundedMinor ?? 0,
    };
  }

  async getOrder(id: string): Promise<OrderDetail> {
    const order = await getOrderRecord(this.d.db, id);
    if (!order) throw NotFound('Order not found.');
    const [account, pkg, payment] = await Promise.all([
      accounts.getById(this.d.db, order.accountId),
      getCatalogueEntry(this.d.db, order.packageId),
      order.paymentId ? getPaymentView(this.d.db, order.paymentId) : null,
    ]);
    const [refunds, invoices] = payment ? await Promise.all([refundsOf(this.d.db, payment.id), invoicesOfPayment(this.d.db, payment.id)]) : [[], []];
    const captured = payment && ['CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(payment.status);
    const claimed = refunds.filter((r) => r.status !== 'FAILED').reduce((sum, r) => sum + r.amountMinor, 0);
    return {
      order,
      package: pkg ? { id: pkg.id, code: pkg.code, names: pkg.names, period: pkg.period, quotaBytes: pkg.quotaBytes } : null,
      subscriber: account ? { id: account.id, email: account.email, phone: account.phone_e164, name: `${account.name} ${account.surname}`.trim() } : null,
      payment,
      refunds,
      invoices,
      refundableMinor: captured ? Math.max(payment.amountMinor - claimed, 0) : 0,
    };
  }

  /**
   * A full or partial refund through the payment provider; the invoice module issues the refund invoice in the same
   * transaction as the refund is recorded done. The same request twice (same idempotency key, or without one the same
   * order, amount, reason and operator) refunds once.
   */
  async refundOrder(op: Operator, id: string, body: { amountMinor: number; reason: string; idempotencyKey?: string }): Promise<OrderDetail> {
    const order = await getOrderRecord(this.d.db, id);
    if (!order) throw NotFound('Order not found.');
    if (!order.paymentId) throw Conflict('PAYMENT_NOT_CAPTURED', 'This order has no captured payment to refund.');
    const key = body.idempotencyKey
      ? `ops:${body.idempotencyKey}`
      : `ops:${createHash('sha256').update(JSON.stringify([order.id, body.amountMinor, body.reason, op.operatorId])).digest('hex').slice(0, 64)}`;
    const paymentId = order.paymentId;
    const refund = this.d.payments.refund(paymentId, body.amountMinor, body.reason, key, async (trx) => {
      const payment = await getPaymentView(trx, paymentId);
      await this.d.audit(trx, {
        operator: op,
        action: 'order.refund',
        targetKind: 'order',
        targetId: order.id,
        accountId: order.accountId,
        reason: body.reason,
        before: { refundedMinor: payment?.refundedMinor ?? 0, amountMinor: payment?.amountMinor ?? null },
        after: { refundMinor: body.amountMinor, paymentId },
      });
    });
    try {
      await refund;
    } catch (err) {
      // Recorded but the provider did not answer: the refund stays PENDING, and the same request again or the payment
      // module's reconciliation (after 2 minutes) finishes it. The operator sees it pending rather than an error.
      if (err instanceof AppError || !(await refundsOf(this.d.db, paymentId)).some((r) => r.status === 'PENDING')) throw err;
    }
    return this.getOrder(id);
  }

  /** Our ledger against the provider's for a business day (YYYY-MM-DD, Türkiye). */
  async reconciliation(date: string): Promise<ReconciliationDay> {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
      throw BadRequest('VALIDATION_ERROR', 'The date is not a calendar day.', 'date');
    }
    return this.d.payments.reconciliationDay(date);
  }
}

function checkPlan(entry: CatalogueInput): void {
  const features = new Set(entry.features);
  // One authority unlocks every premium feature today, so a package has all of them or none (decisions.md).
  if (features.size !== 0 && features.size !== PREMIUM_FEATURES.length) {
    throw BadRequest('FEATURES_ALL_OR_NONE', 'Premium features are granted together: choose all of them or none.', 'features');
  }
}

/** What the audit keeps of a plan: its terms, no subscriber data. */
const planFacts = (p: CatalogueEntry) => ({
  code: p.code,
  quotaBytes: p.quotaBytes,
  priceMinor: p.priceMinor,
  currency: p.currency,
  period: p.period,
  familySeats: p.familySeats,
  features: p.features,
  visible: p.visible,
  names: p.names,
});
