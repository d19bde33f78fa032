import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { days } from '../../shared/time.js';
import * as accountPlan from '../account/account.plan.public.js';
import type { Payments, PaymentView } from './packages.payments.js';
import { expireSubscription } from './packages.plan.js';
import { newOrder, offerOf, orderCharge, readCampaign } from './packages.pricing.js';
import * as repo from './packages.repository.js';

export const GRACE_DAYS = 7;
/** A retry a day during grace. */
export const RETRY_EVERY_MS = days(1);
const RENEWAL_BATCH = 100;

export interface RenewalDeps {
  db: Kysely<DB>;
  payments: Payments;
  /** Test clock (BuildOptions.clock); Date.now otherwise. */
  clock: () => number;
  freeQuotaBytes: number;
  /** A remote-config value for every language, or null when the operator removed it. */
  setting: (name: string) => Promise<string | null>;
  logger?: { warn(obj: object, msg: string): void };
}

// --- the renewal schedule: renews due subscriptions off-session, retries daily during grace, ends lapsed plans.

export async function renewDue(d: RenewalDeps): Promise<number> {
  const at = d.clock();
  const due = await repo.listDue(d.db, at, RENEWAL_BATCH);
  let handled = 0;
  for (const { account_id } of due) {
    try {
      await renewOne(d, account_id, at);
      handled++;
    } catch (err) {
      d.logger?.warn({ err, accountId: account_id }, 'package renewal failed');
    }
  }
  return handled;
}

async function renewOne(d: RenewalDeps, accountId: string, at: number): Promise<void> {
  const sub = await repo.getSubscription(d.db, accountId);
  if (!sub) return;
  if ((sub.status === 'CANCELLED' && sub.period_end <= at) || (sub.status === 'GRACE' && sub.grace_until !== null && sub.grace_until <= at)) {
    await d.db.transaction().execute((trx) => expireSubscription(trx, sub, at, d.freeQuotaBytes));
    return;
  }
  const due = (sub.status === 'ACTIVE' && sub.period_end <= at) || (sub.status === 'GRACE' && sub.next_attempt_at !== null && sub.next_attempt_at <= at);
  if (!due) return;

  const pkg = await repo.getPackage(d.db, sub.pending_package_id ?? sub.package_id);
  if (!pkg) return;
  const offer = offerOf(pkg, await readCampaign(d.setting));
  const row = newOrder({
    account_id: accountId,
    package_id: pkg.id,
    kind: 'RENEWAL',
    amount_minor: offer.priceMinor,
    credit_minor: 0,
    currency: pkg.currency,
    periods: 1,
    // One order per period and attempt: a schedule run repeated after a crash charges once.
    idempotency_key: `renewal:${sub.period_end}:${sub.failed_attempts}`,
    created_at: at,
  });
  const order = (await repo.insertOrder(d.db, row)) ? row : await repo.getOrderByKey(d.db, accountId, row.idempotency_key);
  if (!order || order.status === 'COMPLETED') return;

  let payment: PaymentView | null = null;
  if (order.status === 'PENDING') {
    try {
      payment = await d.payments.chargeSavedCardOffSession(orderCharge(pkg, order));
    } catch (err) {
      // No usable saved card (or the provider refused outright): a failed attempt like a decline.
      d.logger?.warn({ err, accountId }, 'renewal charge refused');
    }
    if (payment) await repo.setOrderPayment(d.db, order.id, { payment_id: payment.id, action_url: null, paycell_trxn_id: null });
    if (payment && payment.status === 'CAPTURED') return;
    if (payment && payment.status !== 'DECLINED' && payment.status !== 'FAILED') return; // still settling: the next run sees it
  }
  await d.db.transaction().execute(async (trx) => {
    await repo.settleOrder(trx, order.id, 'FAILED', at);
    const graceUntil = sub.grace_until ?? at + days(GRACE_DAYS);
    await repo.updateSubscription(trx, accountId, {
      status: 'GRACE',
      grace_until: graceUntil,
      next_attempt_at: Math.min(at + RETRY_EVERY_MS, graceUntil),
      failed_attempts: sub.failed_attempts + 1,
      updated_at: at,
    });
    await accountPlan.setGraceUntil(trx, accountId, graceUntil);
  });
}
