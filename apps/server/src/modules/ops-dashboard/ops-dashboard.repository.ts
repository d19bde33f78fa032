import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { Dialect } from '../../infra/db/database.js';
import { indexedBy } from '../../infra/db/dialect.js';
import { PREMIUM_AUTHORITY } from '../account/account.plan.public.js';

/** One chunk of the subscriber walk: accounts after `after` in id order, and what they add to the figures. */
export interface SubscriberChunk {
  rows: number;
  last: string | null;
  total: number;
  active: number;
  premium: number;
  usedBytes: number;
}

/**
 * Sums the figures of the next `limit` accounts after `after` (primary-key order): not deleted, seen within the window
 * (a session used since `activeSince`), premium, bytes used. A short seek per chunk, so the roll-up never holds the
 * database (or SQLite's single connection) for long, however many subscribers there are. Reads `session` and `authority`
 * by their account indexes (a read-only roll-up across the account and auth tables; docs/decisions.md, issue 27).
 */
export async function subscriberChunk(db: Executor, after: string, limit: number, activeSince: number): Promise<SubscriberChunk> {
  const page = db.selectFrom('account').select(['id', 'status', 'used_bytes']).where('id', '>', after).orderBy('id').limit(limit).as('a');
  const live = sql`a.status <> 'DELETED'`;
  const row = await db
    .selectFrom(page)
    .select([
      sql<number>`count(*)`.as('rows'),
      sql<string | null>`max(a.id)`.as('last'),
      sql<number | string | null>`sum(case when ${live} then 1 else 0 end)`.as('total'),
      sql<number | string | null>`sum(case when ${live} then a.used_bytes else 0 end)`.as('used_bytes'),
      sql<number | string | null>`sum(case when ${live} and exists (select 1 from session s where s.account_id = a.id and s.last_seen_at >= ${activeSince}) then 1 else 0 end)`.as('active'),
      sql<number | string | null>`sum(case when ${live} and exists (select 1 from authority p where p.account_id = a.id and p.type = ${PREMIUM_AUTHORITY}) then 1 else 0 end)`.as('premium'),
    ])
    .executeTakeFirstOrThrow();
  return {
    rows: Number(row.rows),
    last: row.last,
    total: Number(row.total ?? 0),
    active: Number(row.active ?? 0),
    premium: Number(row.premium ?? 0),
    usedBytes: Number(row.used_bytes ?? 0),
  };
}

/** Day figures of `names` from `fromDay` on (primary-key range per name). */
export const readDays = (db: Kysely<DB>, names: readonly string[], fromDay: string) =>
  db.selectFrom('metric_day').select(['name', 'day', 'value']).where('name', 'in', names).where('day', '>=', fromDay).execute();

/** Day figures whose name starts with `prefix` for one day (payments per currency). */
export const readDayByPrefix = (db: Kysely<DB>, prefix: string, day: string) =>
  db
    .selectFrom('metric_day')
    .select(['name', 'value'])
    .where('name', '>=', prefix)
    .where('name', '<', `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`)
    .where('day', '=', day)
    .execute();

export async function sumMinutes(db: Kysely<DB>, name: string, fromMinute: number): Promise<number> {
  const row = await db
    .selectFrom('metric_minute')
    .select(sql<number | string | null>`sum(value)`.as('total'))
    .where('name', '=', name)
    .where('minute', '>=', fromMinute)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Waiting jobs per kind: queued and due, read from the partial covering index `job_waiting` (type, run_at) alone, so
 * done jobs are never touched. The literal status is what lets the planner prove the partial index applies.
 */
export async function waitingJobs(db: Kysely<DB>, dialect: Dialect, at: number) {
  const { rows } = await sql<{ type: string; waiting: number | string; oldest: number | string }>`
    SELECT type, count(*) AS waiting, min(run_at) AS oldest FROM job ${indexedBy(dialect, 'job_waiting')}
    WHERE status = 'queued' AND run_at <= ${at} GROUP BY type`.execute(db);
  return rows;
}

/** Jobs that failed for good since `since`, per kind (partial covering index `job_failed`). */
export async function failedJobs(db: Kysely<DB>, dialect: Dialect, since: number) {
  const { rows } = await sql<{ type: string; failed: number | string }>`
    SELECT type, count(*) AS failed FROM job ${indexedBy(dialect, 'job_failed')}
    WHERE status = 'failed' AND updated_at >= ${since} GROUP BY type`.execute(db);
  return rows;
}
