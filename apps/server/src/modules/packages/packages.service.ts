import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { Conflict, NotFound } from '../../shared/errors.js';
import { days } from '../../shared/time.js';
import * as accounts from '../account/account.public.js';
import * as repo from './packages.repository.js';
import type { Package, PackageOrder, PackagePeriod, Subscription } from './packages.table.js';
import { PurposeRejected, type PaymentMethodInput, type Payments, type PaymentView } from './packages.payments.js';
import { notifyPlanChanged } from './packages.listeners.js';

export const PACKAGE_ORDER_PURPOSE = 'PACKAGE_ORDER';
export const GRACE_DAYS = 7;
/** A retry a day during grace. */
export const RETRY_EVERY_MS = days(1);
const RENEWAL_BATCH = 100;

export interface PackagesDeps {
  db: Kysely<DB>;
  dialect: 'sqlite' | 'postgres';
  payments: Payments;
  /** Test clock (BuildOptions.clock); Date.now otherwise. */
  clock: () => number;
  freeQuotaBytes: number;
  /** A remote-config value for every language, or null when the operator removed it. */
  setting: (name: string) => Promise<string | null>;
  publicUrl: string | null;
  logger?: { warn(obj: object, msg: string): void };
}

export interface Offer {
  pkg: Package;
  discountRate: number;
  /** What one period costs now (the discount applies to yearly packages). */
  priceMinor: number;
  buyOneGetOne: boolean;
}

export interface Quote {
  action: 'PURCHASE' | 'UPGRADE' | 'DOWNGRADE';
  amountMinor: number;
  currency: string;
  creditMinor: number;
  effectiveAt: number;
}

export interface SubscriptionView {
  package: Offer | null;
  status: 'NONE' | 'ACTIVE' | 'CANCELLED' | 'GRACE' | 'EXPIRED';
  periodStart: number | null;
  periodEnd: number | null;
  renewsAt: number | null;
  graceUntil: number | null;
  pendingPackage: Offer | null;
  quotaBytes: number;
  usedBytes: number;
  usagePercent: number;
  accountStatus: 'ACTIVE' | 'READ_ONLY';
  familyRole: 'ADMIN' | 'MEMBER' | null;
}

export interface OrderView {
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  payment: PaymentView | null;
  actionUrl: string | null;
  paycellTrxnId: string | null;
}

/** `start` plus `n` calendar periods in UTC; the day of month is clamped (31 January + 1 month = 28/29 February). */
export function addPeriods(start: number, period: PackagePeriod, n: number): number {
  const d = new Date(start);
  const months = d.getUTCMonth() + n * (period === 'YEARLY' ? 12 : 1);
  const year = d.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  d.setUTCFullYear(year, month, Math.min(d.getUTCDate(), lastDay));
  return d.getTime();
}

/** Credit for the unused part of the current period: its price times the fraction of time left, to the kuruş. */
export function prorationCredit(sub: Pick<Subscription, 'period_start' | 'period_end' | 'period_price_minor'>, at: number): number {
  const total = sub.period_end - sub.period_start;
  if (total <= 0) return 0;
  const left = Math.min(Math.max(sub.period_end - at, 0), total);
  return Math.round((sub.period_price_minor * left) / total);
}

const PERIOD_RANK: Record<PackagePeriod, number> = { MONTHLY: 0, YEARLY: 1 };

/** Upgrade: more storage (never to a shorter period), or the same storage for a longer period. Anything else waits. */
export function isUpgrade(from: Package, to: Package): boolean {
  if (PERIOD_RANK[to.period] < PERIOD_RANK[from.period]) return false;
  if (to.storage_bytes > from.storage_bytes) return true;
  return to.storage_bytes === from.storage_bytes && PERIOD_RANK[to.period] > PERIOD_RANK[from.period];
}

export const packageLabel = (p: Pick<Package, 'storage_bytes' | 'family'>): string => {
  const tib = p.storage_bytes / 1024 ** 4;
  const size = tib >= 1 && Number.isInteger(tib) ? `${tib} TB` : `${Math.round(p.storage_bytes / 1024 ** 3)} GB`;
  return p.family === 1 ? `${size} Family` : size;
};

export class PackagesService {
  constructor(private readonly d: PackagesDeps) {}

  private now(): number {
    return this.d.clock();
  }

  // --- remote config

  private async campaign(): Promise<{ types: Set<string>; discountRate: number; buyOneGetOne: boolean }> {
    const [types, rate, bogo] = await Promise.all([
      this.d.setting('package_types'),
      this.d.setting('packages_discount_rate'),
      this.d.setting('buyonegetonecampaign'),
    ]);
    const parsedRate = Number.parseInt(rate ?? '0', 10);
    return {
      types: new Set((types ?? 'STORAGE,FAMILY').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean)),
      discountRate: Number.isFinite(parsedRate) ? Math.min(Math.max(parsedRate, 0), 100) : 0,
      buyOneGetOne: (bogo ?? '').trim().toLowerCase() === 'true',
    };
  }

  private offer(pkg: Package, c: { discountRate: number; buyOneGetOne: boolean }): Offer {
    const discountRate = pkg.period === 'YEARLY' ? c.discountRate : 0;
    return {
      pkg,
      discountRate,
      priceMinor: Math.round((pkg.price_minor * (100 - discountRate)) / 100),
      buyOneGetOne: c.buyOneGetOne,
    };
  }

  async list(): Promise<Offer[]> {
    const c = await this.campaign();
    const rows = await repo.listActive(this.d.db);
    return rows.filter((p) => c.types.has(p.type)).map((p) => this.offer(p, c));
  }

  /** A package the caller can buy now: active and of a type the operator shows. */
  private async visible(packageId: string): Promise<{ offer: Offer; buyOneGetOne: boolean }> {
    const c = await this.campaign();
    const pkg = await repo.getPackage(this.d.db, packageId);
    if (!pkg || pkg.active !== 1 || !c.types.has(pkg.type)) throw NotFound('Package not found.');
    return { offer: this.offer(pkg, c), buyOneGetOne: c.buyOneGetOne };
  }

  // --- reading

  async subscription(auth: AuthContext): Promise<SubscriptionView> {
    const account = await accounts.getById(this.d.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    const sub = await repo.getSubscription(this.d.db, auth.accountId);
    const c = await this.campaign();
    const pkg = sub ? await repo.getPackage(this.d.db, sub.package_id) : undefined;
    const pending = sub?.pending_package_id ? await repo.getPackage(this.d.db, sub.pending_package_id) : undefined;
    const used = Number(account.used_bytes);
    const quota = Number(account.quota_bytes);
    return {
      package: pkg ? this.offer(pkg, c) : null,
      status: sub?.status ?? 'NONE',
      periodStart: sub?.period_start ?? null,
      periodEnd: sub?.period_end ?? null,
      renewsAt: sub?.status === 'ACTIVE' ? sub.period_end : null,
      graceUntil: sub?.status === 'GRACE' ? sub.grace_until : null,
      pendingPackage: pending ? this.offer(pending, c) : null,
      quotaBytes: quota,
      usedBytes: used,
      usagePercent: quota > 0 ? Math.min(100, Math.round((used * 100) / quota)) : 100,
      accountStatus: account.status === 'READ_ONLY' ? 'READ_ONLY' : 'ACTIVE',
      familyRole: account.is_family_admin === 1 ? 'ADMIN' : account.is_family_member === 1 ? 'MEMBER' : null,
    };
  }

  async quote(auth: AuthContext, packageId: string): Promise<Quote> {
    const { offer } = await this.visible(packageId);
    return this.quoteFor(auth.accountId, offer, this.now());
  }

  private async quoteFor(accountId: string, offer: Offer, at: number, db: Executor = this.d.db): Promise<Quote> {
    const sub = await repo.getSubscription(db, accountId);
    const base = { currency: offer.pkg.currency, creditMinor: 0, effectiveAt: at };
    // No plan, or one whose renewal failed: a new purchase with a new period from now.
    if (!sub || sub.status === 'EXPIRED' || sub.status === 'GRACE') return { ...base, action: 'PURCHASE', amountMinor: offer.priceMinor };
    const current = await repo.getPackage(db, sub.package_id);
    if (!current) throw NotFound('Package not found.');
    if (current.id === offer.pkg.id) throw Conflict('ALREADY_SUBSCRIBED', 'This is already your package.', 'packageId');
    if (!isUpgrade(current, offer.pkg)) {
      return { ...base, action: 'DOWNGRADE', amountMinor: offer.priceMinor, effectiveAt: sub.period_end };
    }
    const creditMinor = Math.min(prorationCredit(sub, at), offer.priceMinor);
    return { ...base, action: 'UPGRADE', amountMinor: offer.priceMinor - creditMinor, creditMinor };
  }

  // --- orders

  async createOrder(
    auth: AuthContext,
    body: { packageId: string; idempotencyKey: string; payment: PaymentMethodInput; returnTo?: 'MAIN' | 'VIEW' },
  ): Promise<OrderView> {
    const accountId = auth.accountId;
    const existing = await repo.getOrderByKey(this.d.db, accountId, body.idempotencyKey);
    if (existing) return this.pay(this.sameCheckout(existing, body.packageId), body.payment, body.returnTo);

    const { offer, buyOneGetOne } = await this.visible(body.packageId);
    const at = this.now();
    // Under the account's lock (PostgreSQL; SQLite runs one writer at a time): a concurrent submit of the same checkout
    // finds the order the first one inserted (one order, one payment), and the quote is made against the plan as the
    // checkouts before this one left it.
    const order = await this.d.db.transaction().execute(async (trx) => {
      if (this.d.dialect === 'postgres') await trx.selectFrom('account').select('id').where('id', '=', accountId).forUpdate().execute();
      const same = await repo.getOrderByKey(trx, accountId, body.idempotencyKey);
      if (same) return same;
      // A new checkout supersedes one left waiting (an abandoned 3-D Secure page): should that payment still be
      // captured later, its order refuses it and the payment module refunds it.
      await repo.cancelOpenCheckouts(trx, accountId, body.idempotencyKey, at);
      const quote = await this.quoteFor(accountId, offer, at, trx);
      if (quote.action === 'DOWNGRADE') {
        throw Conflict('USE_DOWNGRADE', 'A smaller package starts at the next renewal: use the downgrade instead.', 'packageId');
      }
      const row = {
        id: randomUUID(),
        account_id: accountId,
        package_id: offer.pkg.id,
        kind: quote.action,
        amount_minor: quote.amountMinor,
        credit_minor: quote.creditMinor,
        currency: quote.currency,
        periods: quote.action === 'PURCHASE' && buyOneGetOne ? 2 : 1,
        payment_id: null,
        action_url: null,
        paycell_trxn_id: null,
        status: 'PENDING' as const,
        idempotency_key: body.idempotencyKey,
        created_at: at,
        completed_at: null,
      };
      return (await repo.insertOrder(trx, row)) ? row : repo.getOrderByKey(trx, accountId, body.idempotencyKey);
    });
    if (!order) throw NotFound('Order not found.');
    return this.pay(this.sameCheckout(order, body.packageId), body.payment, body.returnTo);
  }

  private sameCheckout(order: PackageOrder, packageId: string): PackageOrder {
    if (order.package_id !== packageId) {
      throw Conflict('IDEMPOTENCY_KEY_REUSED', 'This checkout was for another package; start a new checkout.', 'idempotencyKey');
    }
    return order;
  }

  private async pay(order: PackageOrder, method: PaymentMethodInput, returnTo: 'MAIN' | 'VIEW' = 'MAIN'): Promise<OrderView> {
    if (order.status !== 'PENDING' || order.payment_id) return this.orderView(order);
    const pkg = await repo.getPackage(this.d.db, order.package_id);
    if (!pkg) throw NotFound('Package not found.');
    const screen = returnTo === 'VIEW' ? '/view/pack-payment' : '/main/packages/payment';
    const returnPath = `${screen}?packageId=${encodeURIComponent(pkg.id)}&orderId=${encodeURIComponent(order.id)}`;
    const started = await this.d.payments.start({
      accountId: order.account_id,
      purposeKind: PACKAGE_ORDER_PURPOSE,
      purposeRef: order.id,
      amountMinor: order.amount_minor,
      currency: order.currency,
      description: this.description(pkg, order),
      // One payment per order, however often the checkout is submitted.
      idempotencyKey: `package-order:${order.id}`,
      method,
      returnUrl: `${this.d.publicUrl ?? ''}${returnPath}`,
    });
    await repo.setOrderPayment(this.d.db, order.id, {
      payment_id: started.payment.id,
      action_url: started.actionUrl,
      paycell_trxn_id: started.paycellTrxnId,
    });
    if (started.payment.status === 'DECLINED' || started.payment.status === 'FAILED') {
      await repo.settleOrder(this.d.db, order.id, 'FAILED', this.now());
    }
    const fresh = await repo.getOrder(this.d.db, order.id);
    return this.orderView(fresh!, started.payment);
  }

  private description(pkg: Package, order: Pick<PackageOrder, 'kind' | 'periods'>): string {
    const period = pkg.period === 'YEARLY' ? 'yearly' : 'monthly';
    const what = order.kind === 'RENEWAL' ? 'renewal' : order.kind === 'UPGRADE' ? 'upgrade' : order.periods > 1 ? `${order.periods} periods` : 'purchase';
    return `Bulut ${packageLabel(pkg)} ${period} package (${what})`;
  }

  async getOrder(auth: AuthContext, orderId: string): Promise<OrderView> {
    const order = await repo.getOrderOf(this.d.db, auth.accountId, orderId);
    if (!order) throw NotFound('Order not found.');
    return this.orderView(order);
  }

  private async orderView(order: PackageOrder, payment?: PaymentView): Promise<OrderView> {
    const p = payment ?? (order.payment_id ? await this.d.payments.get(order.account_id, order.payment_id) : null);
    return {
      orderId: order.id,
      status: order.status === 'COMPLETED' ? 'COMPLETED' : order.status === 'PENDING' ? 'PENDING' : 'FAILED',
      payment: p,
      actionUrl: order.status === 'PENDING' ? order.action_url : null,
      paycellTrxnId: order.status === 'PENDING' ? order.paycell_trxn_id : null,
    };
  }

  // --- the payment module reports (inside the transaction that records the capture or the failure)

  async onCaptured(trx: Executor, p: PaymentView): Promise<void> {
    const at = this.now();
    // Claim the order first: the conditional UPDATE waits for a checkout cancelling it at the same moment, so the order
    // is either applied here or superseded there, never both.
    const claimed = await repo.completeOrder(trx, p.purposeRef, p.id, at);
    const order = await repo.getOrder(trx, p.purposeRef);
    if (!order) return;
    if (!claimed) {
      if (order.status === 'CANCELLED') throw new PurposeRejected(`Order ${order.id} was superseded by a newer checkout.`);
      return; // already completed (a callback and the reconciler may both report)
    }
    const pkg = await repo.getPackage(trx, order.package_id);
    if (!pkg) throw new PurposeRejected(`Package ${order.package_id} of order ${order.id} no longer exists.`);
    const sub = await repo.getSubscription(trx, order.account_id);
    let start = at;
    // A renewal continues the period that ended (grace kept the plan running); a late one starts now.
    if (order.kind === 'RENEWAL' && sub && sub.status !== 'EXPIRED' && addPeriods(sub.period_end, pkg.period, 1) > at) start = sub.period_end;
    await repo.upsertSubscription(trx, {
      account_id: order.account_id,
      package_id: pkg.id,
      status: 'ACTIVE',
      period_start: start,
      period_end: addPeriods(start, pkg.period, order.periods),
      period_price_minor: order.amount_minor + order.credit_minor,
      currency: order.currency,
      pending_package_id: null,
      grace_until: null,
      next_attempt_at: null,
      failed_attempts: 0,
      created_at: at,
      updated_at: at,
    });
    await this.changePlan(trx, order.account_id, pkg);
  }

  async onFailed(trx: Executor, p: PaymentView): Promise<void> {
    await repo.settleOrder(trx, p.purposeRef, 'FAILED', this.now());
  }

  /** Quota, premium authority, read-only state and grace mark follow the package (null: the free plan). */
  private async changePlan(trx: Executor, accountId: string, pkg: Package | null): Promise<void> {
    const plan = {
      packageId: pkg?.id ?? null,
      family: pkg?.family === 1,
      familyMemberCount: pkg?.family_member_count ?? 0,
      quotaBytes: pkg ? Number(pkg.storage_bytes) : this.d.freeQuotaBytes,
      premium: pkg?.premium === 1,
    };
    // The account row first, then the listeners (the family row): the lock order of an admin's own uploads. See
    // docs/decisions.md, "Family sharing", for the one case (a member buying a package of their own) that differs.
    await accounts.applyPlan(trx, accountId, { quotaBytes: plan.quotaBytes, premium: plan.premium });
    await accounts.setGraceUntil(trx, accountId, null);
    await notifyPlanChanged(trx, accountId, plan);
  }

  // --- changes that need no payment now

  async downgrade(auth: AuthContext, packageId: string): Promise<SubscriptionView> {
    const { offer } = await this.visible(packageId);
    const sub = await repo.getSubscription(this.d.db, auth.accountId);
    if (!sub || sub.status !== 'ACTIVE') throw Conflict('NO_ACTIVE_SUBSCRIPTION', 'Only an active package can be changed at renewal.');
    const quote = await this.quoteFor(auth.accountId, offer, this.now());
    if (quote.action !== 'DOWNGRADE') throw Conflict('USE_UPGRADE', 'A bigger package starts at once: buy it as an upgrade.', 'packageId');
    const account = await accounts.getById(this.d.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    if (Number(account.used_bytes) > Number(offer.pkg.storage_bytes)) {
      throw Conflict('USAGE_EXCEEDS_QUOTA', 'Your files take more space than the smaller package holds. Free up space first.', 'packageId');
    }
    await repo.updateSubscription(this.d.db, auth.accountId, { pending_package_id: offer.pkg.id, updated_at: this.now() });
    return this.subscription(auth);
  }

  async cancel(auth: AuthContext): Promise<SubscriptionView> {
    const at = this.now();
    await this.d.db.transaction().execute(async (trx) => {
      const sub = await repo.lockSubscription(trx, auth.accountId, this.d.dialect === 'postgres');
      if (sub?.status === 'ACTIVE') {
        // Runs to the end of the period, then the free plan.
        await repo.updateSubscription(trx, auth.accountId, { status: 'CANCELLED', pending_package_id: null, updated_at: at });
      } else if (sub?.status === 'GRACE') {
        // Nothing was paid for the time after the period: cancelling stops the retries and ends the plan now.
        await this.expire(trx, sub, at);
      } else {
        throw Conflict('NO_ACTIVE_SUBSCRIPTION', 'There is no package to cancel.');
      }
    });
    return this.subscription(auth);
  }

  async resume(auth: AuthContext): Promise<SubscriptionView> {
    const at = this.now();
    const sub = await repo.getSubscription(this.d.db, auth.accountId);
    if (!sub || sub.status !== 'CANCELLED' || sub.period_end <= at) {
      throw Conflict('NOT_CANCELLED', 'Only a cancelled package whose period has not ended can be resumed.');
    }
    await repo.updateSubscription(this.d.db, auth.accountId, { status: 'ACTIVE', updated_at: at });
    return this.subscription(auth);
  }

  private async expire(trx: Executor, sub: Subscription, at: number): Promise<void> {
    await repo.updateSubscription(trx, sub.account_id, {
      status: 'EXPIRED',
      pending_package_id: null,
      grace_until: null,
      next_attempt_at: null,
      updated_at: at,
    });
    await this.changePlan(trx, sub.account_id, null);
  }

  // --- the renewal schedule

  /** Renews due subscriptions, retries during grace, ends cancelled and lapsed plans. Returns how many it handled. */
  async renewDue(): Promise<number> {
    const at = this.now();
    const due = await repo.listDue(this.d.db, at, RENEWAL_BATCH);
    let handled = 0;
    for (const { account_id } of due) {
      try {
        await this.renewOne(account_id, at);
        handled++;
      } catch (err) {
        this.d.logger?.warn({ err, accountId: account_id }, 'package renewal failed');
      }
    }
    return handled;
  }

  private async renewOne(accountId: string, at: number): Promise<void> {
    const sub = await repo.getSubscription(this.d.db, accountId);
    if (!sub) return;
    if ((sub.status === 'CANCELLED' && sub.period_end <= at) || (sub.status === 'GRACE' && sub.grace_until !== null && sub.grace_until <= at)) {
      await this.d.db.transaction().execute((trx) => this.expire(trx, sub, at));
      return;
    }
    const due = (sub.status === 'ACTIVE' && sub.period_end <= at) || (sub.status === 'GRACE' && sub.next_attempt_at !== null && sub.next_attempt_at <= at);
    if (!due) return;

    const pkg = await repo.getPackage(this.d.db, sub.pending_package_id ?? sub.package_id);
    if (!pkg) return;
    const c = await this.campaign();
    const offer = this.offer(pkg, c);
    const row = {
      id: randomUUID(),
      account_id: accountId,
      package_id: pkg.id,
      kind: 'RENEWAL' as const,
      amount_minor: offer.priceMinor,
      credit_minor: 0,
      currency: pkg.currency,
      periods: 1,
      payment_id: null,
      action_url: null,
      paycell_trxn_id: null,
      status: 'PENDING' as const,
      // One order per period and attempt: a schedule run repeated after a crash charges once.
      idempotency_key: `renewal:${sub.period_end}:${sub.failed_attempts}`,
      created_at: at,
      completed_at: null,
    };
    const order = (await repo.insertOrder(this.d.db, row)) ? row : await repo.getOrderByKey(this.d.db, accountId, row.idempotency_key);
    if (!order || order.status === 'COMPLETED') return;

    let payment: PaymentView | null = null;
    if (order.status === 'PENDING') {
      try {
        payment = await this.d.payments.chargeSavedCardOffSession({
          accountId,
          purposeKind: PACKAGE_ORDER_PURPOSE,
          purposeRef: order.id,
          amountMinor: order.amount_minor,
          currency: order.currency,
          description: this.description(pkg, order),
          idempotencyKey: `package-order:${order.id}`,
        });
      } catch (err) {
        // No usable saved card (or the provider refused outright): a failed attempt like a decline.
        this.d.logger?.warn({ err, accountId }, 'renewal charge refused');
      }
      if (payment) await repo.setOrderPayment(this.d.db, order.id, { payment_id: payment.id, action_url: null, paycell_trxn_id: null });
      if (payment && payment.status === 'CAPTURED') return;
      if (payment && payment.status !== 'DECLINED' && payment.status !== 'FAILED') return; // still settling: the next run sees it
    }
    await this.d.db.transaction().execute(async (trx) => {
      await repo.settleOrder(trx, order.id, 'FAILED', at);
      const graceUntil = sub.grace_until ?? at + days(GRACE_DAYS);
      await repo.updateSubscription(trx, accountId, {
        status: 'GRACE',
        grace_until: graceUntil,
        next_attempt_at: Math.min(at + RETRY_EVERY_MS, graceUntil),
        failed_attempts: sub.failed_attempts + 1,
        updated_at: at,
      });
      await accounts.setGraceUntil(trx, accountId, graceUntil);
    });
  }

  async purgeAccount(accountId: string): Promise<void> {
    await repo.purgeAccount(this.d.db, accountId);
  }
}
