import type { Executor } from '../../infra/db/executor.js';
import type { ExportedData } from '../../infra/module-manifest.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Download all my data: the subscription and every package order. */
export async function exportPackages(db: Executor, accountId: string): Promise<ExportedData> {
  const sub = await db
    .selectFrom('subscription as s')
    .innerJoin('package as p', 'p.id', 's.package_id')
    .select(['p.code', 's.status', 's.period_start', 's.period_end', 's.period_price_minor', 's.currency', 's.created_at'])
    .where('s.account_id', '=', accountId)
    .executeTakeFirst();
  const orders = await db
    .selectFrom('package_order as o')
    .innerJoin('package as p', 'p.id', 'o.package_id')
    .select(['o.id', 'p.code', 'o.kind', 'o.amount_minor', 'o.currency', 'o.periods', 'o.status', 'o.created_at', 'o.completed_at'])
    .where('o.account_id', '=', accountId)
    .orderBy('o.created_at')
    .execute();
  return {
    section: {
      subscription: sub
        ? { package: sub.code, status: sub.status, periodStart: iso(sub.period_start), periodEnd: iso(sub.period_end), priceMinor: Number(sub.period_price_minor), currency: sub.currency, since: iso(sub.created_at) }
        : null,
      orders: orders.map((o) => ({
        id: o.id,
        package: o.code,
        kind: o.kind,
        amountMinor: Number(o.amount_minor),
        currency: o.currency,
        periods: Number(o.periods),
        status: o.status,
        createdAt: iso(o.created_at),
        completedAt: iso(o.completed_at),
      })),
    },
  };
}
