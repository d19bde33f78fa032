import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Language } from '../../shared/schemas.js';
import { Conflict, NotFound } from '../../shared/errors.js';
import * as accounts from '../account/account.identity.public.js';
import { lockAccount } from '../account/account.lock.public.js';
import { PurposeRejected, type PaymentMethodInput, type PaymentView } from './packages.payments.js';
import { changePlan, expireSubscription } from './packages.plan.js';
import { addPeriods, isUpgrade, newOrder, offerOf, orderCharge, prorationCredit, readCampaign, type Offer, type Quote } from './packages.pricing.js';
import { agreementDocuments, type AgreementFacts } from './packages.agreements.js';
import { renewDue, type RenewalDeps } from './packages.renewal.js';
import * as repo from './packages.repository.js';
import { notifyOrderCaptured } from './packages.listeners.js';
import type { Package, PackageOrder, Subscription } from './packages.table.js';

export interface PackagesDeps extends RenewalDeps {
  dialect: 'sqlite' | 'postgres';
  publicUrl: string | null;
  /** The operator: the seller named in the distance-sales documents (the invoice seller). */
  seller: AgreementFacts['seller'];
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

/** Packages: the offers, the caller's subscription, checkouts paid through the payment module, and plan changes. */
export class PackagesService {
  constructor(private readonly d: PackagesDeps) {}

  private now(): number {
    return this.d.clock();
  }

  private campaign() {
    return readCampaign(this.d.setting);
  }

  async list(): Promise<Offer[]> {
    const c = await this.campaign();
    const rows = await repo.listActive(this.d.db);
    return rows.filter((p) => c.types.has(p.type)).map((p) => offerOf(p, c));
  }

  /** A package the caller can buy now: active and of a type the operator shows. */
  private async visible(packageId: string): Promise<{ offer: Offer; buyOneGetOne: boolean }> {
    const c = await this.campaign();
    const pkg = await repo.getPackage(this.d.db, packageId);
    if (!pkg || pkg.active !== 1 || !c.types.has(pkg.type)) throw NotFound('Package not found.');
    return { offer: offerOf(pkg, c), buyOneGetOne: c.buyOneGetOne };
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
      package: pkg ? offerOf(pkg, c) : null,
      status: sub?.status ?? 'NONE',
      periodStart: sub?.period_start ?? null,
      periodEnd: sub?.period_end ?? null,
      renewsAt: sub?.status === 'ACTIVE' ? sub.period_end : null,
      graceUntil: sub?.status === 'GRACE' ? sub.grace_until : null,
      pendingPackage: pending ? offerOf(pending, c) : null,
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

  /** The pre-information form and the distance sales agreement of this checkout, readable before paying. */
  async agreements(auth: AuthContext, packageId: string, language: Language, origin: string) {
    const { offer } = await this.visible(packageId);
    const at = this.now();
    const quote = await this.quoteFor(auth.accountId, offer, at);
    const account = await accounts.getById(this.d.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    const name = [account.name, account.surname].filter(Boolean).join(' ');
    return agreementDocuments(language, {
      seller: this.d.seller,
      buyer: { name: name || account.email, email: account.email, phone: account.phone_e164, address: account.address },
      pkg: offer.pkg,
      amountMinor: quote.amountMinor,
      periodPriceMinor: offer.priceMinor,
      currency: quote.currency,
      at,
      packagesUrl: `${this.d.publicUrl ?? origin}/main/packages`,
    });
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
      await lockAccount(trx, accountId);
      const same = await repo.getOrderByKey(trx, accountId, body.idempotencyKey);
      if (same) return same;
      // A new checkout supersedes one left waiting (an abandoned 3-D Secure page): should that payment still be
      // captured later, its order refuses it and the payment module refunds it.
      await repo.cancelOpenCheckouts(trx, accountId, body.idempotencyKey, at);
      const quote = await this.quoteFor(accountId, offer, at, trx);
      if (quote.action === 'DOWNGRADE') {
        throw Conflict('USE_DOWNGRADE', 'A smaller package starts at the next renewal: use the downgrade instead.', 'packageId');
      }
      const row = newOrder({
        account_id: accountId,
        package_id: offer.pkg.id,
        kind: quote.action,
        amount_minor: quote.amountMinor,
        credit_minor: quote.creditMinor,
        currency: quote.currency,
        periods: quote.action === 'PURCHASE' && buyOneGetOne ? 2 : 1,
        idempotency_key: body.idempotencyKey,
        created_at: at,
      });
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
    const started = await this.d.payments.start({ ...orderCharge(pkg, order), method, returnUrl: `${this.d.publicUrl ?? ''}${returnPath}` });
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
    // The account row before the order, the order of a checkout (account, then the orders it supersedes): claiming
    // the order first deadlocked with a checkout that held the account and waited to cancel this order.
    await lockAccount(trx, p.accountId);
    // Then claim the order: the conditional UPDATE waits for a checkout cancelling it at the same moment, so the order
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
    await notifyOrderCaptured(trx, { orderId: order.id, accountId: order.account_id, packageId: pkg.id, at });
  }

  async onFailed(trx: Executor, p: PaymentView): Promise<void> {
    await repo.settleOrder(trx, p.purposeRef, 'FAILED', this.now());
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

  private expire(trx: Executor, sub: Subscription, at: number): Promise<void> {
    return expireSubscription(trx, sub, at, this.d.freeQuotaBytes);
  }

  private changePlan(trx: Executor, accountId: string, pkg: Package | null): Promise<void> {
    return changePlan(trx, accountId, pkg, this.d.freeQuotaBytes);
  }

  /** Renews due subscriptions, retries during grace, ends cancelled and lapsed plans. Returns how many it handled. */
  renewDue(): Promise<number> {
    return renewDue(this.d);
  }

  async purgeAccount(accountId: string): Promise<void> {
    await repo.purgeAccount(this.d.db, accountId);
  }
}
