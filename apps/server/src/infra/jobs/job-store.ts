import type { Kysely, Updateable } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import type { Dialect } from '../db/database.js';
import { lockSkipLocked } from '../db/dialect.js';
import { newId } from '../../shared/tokens.js';
import type { JobRow, JobTable } from './job.table.js';

/** The statements the queue runs on the `job` table; the queue keeps the slots, the timers and the outcomes' rules. */

export interface NewJob {
  type: string;
  payload: unknown;
  maxAttempts: number;
  runAt: number;
  /** Whose turn the job takes in a fair type; null otherwise. */
  fairKey: string | null;
}

/**
 * The id of a queued job (not claimed yet) of this type and payload, if there is one. On PostgreSQL it is locked until
 * the caller's transaction ends: claims skip locked rows, so the job cannot start (and read what the caller is still
 * writing) before the caller commits; one claimed meanwhile is running when the lock is granted, and is not found.
 */
export async function findQueued(executor: Executor, dialect: Dialect, type: string, payload: unknown): Promise<string | undefined> {
  const q = executor.selectFrom('job').select('id').where('type', '=', type).where('status', '=', 'queued').where('payload', '=', JSON.stringify(payload)).limit(1);
  return (await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst())?.id;
}

export async function insertJob(executor: Executor, job: NewJob, at: number): Promise<string> {
  const id = newId();
  await executor
    .insertInto('job')
    .values({
      id,
      type: job.type,
      payload: JSON.stringify(job.payload),
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts,
      run_at: job.runAt,
      fair_key: job.fairKey,
      fair_rank: job.fairKey === null ? 0 : await fairRank(executor, job.type, job.fairKey, at),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A schedule's next occurrence, unless one is already pending (queued or running, from any instance). */
export async function insertOccurrence(executor: Executor, type: string, runAt: number): Promise<void> {
  const at = Date.now();
  await executor
    .insertInto('job')
    .values({
      id: newId(),
      type,
      payload: '{}',
      status: 'queued',
      attempts: 0,
      max_attempts: 1,
      run_at: runAt,
      schedule_key: type,
      created_at: at,
      updated_at: at,
    })
    // The partial unique index on schedule_key is the only one an occurrence can hit: another one is pending.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface ClaimRequest {
  limit: number;
  /** A type with slots of its own, or null for the shared slots (every type but `dedicated`). */
  type: string | null;
  dedicated: string[];
  workerId: string;
  leaseMs: number;
}

/**
 * Takes up to `limit` due jobs (or jobs whose lease ran out) in one UPDATE … WHERE id IN (SELECT … SKIP LOCKED), so
 * several server processes never claim the same job.
 */
export async function claimDue(db: Kysely<DB>, dialect: Dialect, req: ClaimRequest): Promise<JobRow[]> {
  const at = Date.now();
  let candidates = db
    .selectFrom('job')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)]),
      ]),
    );
  if (req.type !== null) candidates = candidates.where('type', '=', req.type);
  else if (req.dedicated.length > 0) candidates = candidates.where('type', 'not in', req.dedicated);
  // Lower rounds first (fair types); within a round, and for every other type (round 0), oldest first.
  const due = lockSkipLocked(dialect, candidates.orderBy('fair_rank').orderBy('run_at').limit(req.limit));
  return db
    .updateTable('job')
    .set((eb) => ({
      status: 'running',
      locked_by: req.workerId,
      locked_until: at + req.leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: at,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Writes a job's outcome only while `workerId` still holds it; returns whether it did. */
export async function recordOutcome(executor: Executor, jobId: string, workerId: string, values: Updateable<JobTable>): Promise<boolean> {
  const { numUpdatedRows } = await executor.updateTable('job').set(values).where('id', '=', jobId).where('locked_by', '=', workerId).executeTakeFirst();
  return numUpdatedRows > 0n;
}

export interface BacklogRow {
  type: string;
  status: 'queued' | 'running';
  count: number;
  oldest: number | null;
}

/** Due and running jobs per type and status, with the oldest run_at (one query on the claim index). */
export async function countBacklog(db: Kysely<DB>, at: number): Promise<BacklogRow[]> {
  const rows = await db
    .selectFrom('job')
    .select((eb) => ['type', 'status', eb.fn.countAll().as('n'), eb.fn.min('run_at').as('oldest')])
    .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]), eb('status', '=', 'running')]))
    .groupBy(['type', 'status'])
    .execute();
  return rows.map((r) => ({
    type: r.type,
    status: r.status === 'running' ? 'running' : 'queued',
    count: Number(r.n),
    oldest: r.oldest === null ? null : Number(r.oldest),
  }));
}

/**
 * The round a new job of `key` belongs to (start-time fair queueing): right after the key's last pending job, but
 * never before the round being served now, so a key that was idle joins the current round instead of jumping ahead of
 * everyone with the rounds it missed. Claiming by round then serves busy keys in turn. Two jobs of one key enqueued in
 * concurrent transactions may share a round: a slight unfairness, never a lost or doubled job.
 */
async function fairRank(executor: Executor, type: string, key: string, at: number): Promise<number> {
  // One round trip; each part is an ordered seek on a partial index over pending jobs, whatever the backlog.
  const pending = () => executor.selectFrom('job').select('fair_rank').where('type', '=', type);
  const row = await executor
    .selectNoFrom([
      pending().where('fair_key', '=', key).where('status', 'in', ['queued', 'running']).orderBy('fair_rank', 'desc').limit(1).as('last'),
      pending().where('status', '=', 'running').orderBy('fair_rank').limit(1).as('running'),
      // Jobs waiting out a retry back-off are not what is being served.
      pending().where('status', '=', 'queued').where('run_at', '<=', at).orderBy('fair_rank').limit(1).as('due'),
    ])
    .executeTakeFirstOrThrow();
  const served = [row.running, row.due].filter((r) => r !== null && r !== undefined).map(Number);
  const next = row.last === null || row.last === undefined ? 0 : Number(row.last) + 1;
  return Math.max(next, served.length > 0 ? Math.min(...served) : 0);
}

/** The first slot of the cadence after `now`: occurrences missed while every instance was down are skipped, not run in a burst. */
export function nextRun(previous: number, everyMs: number, now: number): number {
  return previous + (Math.floor(Math.max(0, now - previous) / everyMs) + 1) * everyMs;
}
