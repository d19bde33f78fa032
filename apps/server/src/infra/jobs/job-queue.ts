import os from 'node:os';
import type { Kysely, Updateable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import type { Dialect } from '../db/database.js';
import { lockSkipLocked } from '../db/dialect.js';
import { newId } from '../../shared/tokens.js';
import { JobInstance, releaseOwnJobs } from './job-instance.js';
import { metrics } from '../metrics/metrics.js';
import { runJob } from '../telemetry/job-spans.js';
import type { JobRow, JobTable } from './job.table.js';

export type JobHandler = (payload: unknown, ctx: { jobId: string; attempt: number }) => Promise<void>;

export interface JobOptions {
  maxAttempts?: number;
  backoffMs?: number;
  /** Slots of its own (heavy work such as media); without it the type shares the queue's `concurrency` slots. */
  concurrency?: number;
  /**
   * Served fairly across the keys its jobs are enqueued with (media: the account): one key's backlog takes one turn
   * per round, so another key's single job waits for at most one job of each busy key, not for the whole backlog.
   */
  fair?: boolean;
}

/** A recurring job: one occurrence at a time across every instance sharing the database, at a fixed cadence. */
export interface Schedule {
  /** Also the job type of its occurrences. */
  name: string;
  everyMs: number;
  /** What it returns is logged (e.g. how many rows it removed). */
  run: () => Promise<unknown>;
}

interface Registration {
  handler: JobHandler;
  maxAttempts: number;
  backoffMs: number;
  /** Slots of its own (heavy work such as media); without it the type shares the queue's `concurrency` slots. */
  concurrency?: number;
  fair: boolean;
  /** Set for a schedule's occurrences: finishing one enqueues the next this far on. */
  everyMs?: number;
}

/** Where a job runs: the shared slots (key null) or the dedicated slots of one type. */
interface Pool {
  type: string | null;
  limit: number;
}

export interface JobQueueOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  logger: FastifyBaseLogger;
  /** Jobs run at once from the shared slots, besides types registered with slots of their own. */
  concurrency: number;
  pollMs: number;
  /**
   * This process slot's name, the same across its restarts (config INSTANCE_ID), so a new run releases at once what
   * the previous one held when it died. Without it every queue is a slot of its own (tests).
   */
  instanceName?: string;
  /** How long a claimed job stays ours without a heartbeat; after that a crashed worker's job is claimed again. */
  leaseMs?: number;
  /** How often a started queue renews its leases; a third of the lease by default, so one missed beat is harmless. */
  heartbeatMs?: number;
}

/** Short, because a heartbeat renews it while the job runs: a dead worker's jobs come free within this. */
export const DEFAULT_LEASE_MS = 30_000;

const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * A durable queue kept in the database. Jobs are enqueued with the caller's executor, so they commit or
 * roll back with the data change that caused them. Claiming is one UPDATE … WHERE id IN (SELECT … SKIP LOCKED),
 * so several server processes never run the same job at once.
 */
export class JobQueue {
  private readonly registry = new Map<string, Registration>();
  private readonly instance: JobInstance;
  /** Holds this run's leases: a job is ours while `locked_by` is this. */
  private readonly workerId: string;
  private readonly leaseMs: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private running = 0;
  private readonly busy = new Map<string | null, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private idle: Array<() => void> = [];
  /** Set by `release`: the jobs still running here are no longer ours, and a stop does not wait for them. */
  private abandoned = false;
  /** Claims one after another, so two polls never both fill the same free slots. */
  private claiming: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: JobQueueOptions) {
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.instance = new JobInstance({
      db: opts.db,
      name: opts.instanceName ?? `${os.hostname()}:${process.pid}:${newId().slice(0, 8)}`,
      leaseMs: this.leaseMs,
      // Two leases without a beat: well past any hiccup; by then its leases have run out anyway.
      staleMs: 2 * this.leaseMs,
    });
    this.workerId = this.instance.runId;
  }

  register(type: string, handler: JobHandler, opts: JobOptions = {}): void {
    if (this.registry.get(type)?.everyMs !== undefined) throw new Error(`job type ${type} is a schedule`);
    this.registry.set(type, {
      handler,
      maxAttempts: opts.maxAttempts ?? 5,
      backoffMs: opts.backoffMs ?? 2_000,
      concurrency: opts.concurrency,
      fair: opts.fair ?? false,
    });
  }

  /** `fairKey` is required by fair types: whose turn the job takes (media: the account). */
  async enqueue(executor: Executor, type: string, payload: unknown, opts: { runAt?: number; fairKey?: string } = {}): Promise<string> {
    const reg = this.registry.get(type);
    if (!reg) throw new Error(`unknown job type ${type}`);
    if (reg.fair !== (opts.fairKey !== undefined)) throw new Error(`job type ${type} ${reg.fair ? 'needs' : 'takes no'} fair key`);
    const id = newId();
    const at = Date.now();
    const fairKey = opts.fairKey ?? null;
    await executor
      .insertInto('job')
      .values({
        id,
        type,
        payload: JSON.stringify(payload),
        status: 'queued',
        attempts: 0,
        max_attempts: reg.maxAttempts,
        run_at: opts.runAt ?? at,
        fair_key: fairKey,
        fair_rank: fairKey === null ? 0 : await fairRank(executor, type, fairKey, at),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  /** A failed occurrence is not retried: the next one is its retry. */
  registerSchedule(schedule: Schedule): void {
    if (!(schedule.everyMs > 0)) throw new Error(`schedule ${schedule.name} needs a positive interval`);
    this.registry.set(schedule.name, {
      handler: async () => {
        const result = await schedule.run();
        if (result !== undefined) this.opts.logger.info({ schedule: schedule.name, result }, 'scheduled job done');
      },
      maxAttempts: 1,
      backoffMs: 0,
      fair: false,
      everyMs: schedule.everyMs,
    });
  }

  /**
   * Makes sure every registered schedule has its pending occurrence, first due one interval from now; an existing
   * one (queued or running, from any instance) is kept, so restarts and racing instances never add a second.
   */
  async ensureSchedules(): Promise<void> {
    const at = Date.now();
    for (const [type, reg] of this.registry) {
      if (reg.everyMs !== undefined) await this.insertOccurrence(this.opts.db, type, at + reg.everyMs);
    }
  }

  private async insertOccurrence(executor: Executor, type: string, runAt: number): Promise<void> {
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

  /**
   * Registers this run (releasing what this slot's previous run and dead instances held, so their jobs run again
   * now), then claims jobs and beats the heartbeat that keeps its leases until `stop`.
   */
  async start(): Promise<{ released: number }> {
    if (!this.stopped) return { released: 0 };
    this.stopped = false;
    const result = await this.instance.register();
    if (result.released > 0) this.opts.logger.info(result, 'jobs of a stopped run released');
    const every = this.opts.heartbeatMs ?? Math.floor(this.leaseMs / 3);
    this.heartbeat = setInterval(() => {
      this.instance.beat().catch((err) => this.opts.logger.error({ err }, 'job heartbeat failed'));
    }, every);
    this.heartbeat.unref();
    this.schedule(0);
    return result;
  }

  /** Stops claiming and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    const started = !this.stopped;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.claiming; // a poll in flight may still start jobs; wait for those too
    if (this.running > 0 && !this.abandoned) await new Promise<void>((resolve) => this.idle.push(resolve));
    // The leases are renewed until the last job has finished.
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (started) await this.instance.deregister();
  }

  /**
   * A graceful stop that does not wait for long jobs (SIGTERM): stops claiming and puts the jobs in hand back in the
   * queue at once, due now with the attempt refunded, so another instance runs them instead of waiting out the lease.
   * What this process was still computing for them is abandoned: recording its outcome needs the lease it no longer
   * has. Returns how many jobs were released; `stop` afterwards does not wait for them.
   */
  async release(): Promise<number> {
    const started = !this.stopped;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.claiming;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const released = await releaseOwnJobs(this.opts.db, this.workerId);
    if (started) await this.instance.deregister();
    this.abandoned = true;
    this.idle.splice(0).forEach((resolve) => resolve());
    if (released > 0) this.opts.logger.info({ released }, 'jobs in hand released for other instances');
    return released;
  }

  /** Due and running jobs per type and the oldest due job's run_at, for the metrics (one query on the claim index). */
  async backlog(): Promise<Array<{ kind: string; queued: number; running: number; oldestQueuedAt: number | null }>> {
    const at = Date.now();
    const rows = await this.opts.db
      .selectFrom('job')
      .select((eb) => ['type', 'status', eb.fn.countAll().as('n'), eb.fn.min('run_at').as('oldest')])
      .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]), eb('status', '=', 'running')]))
      .groupBy(['type', 'status'])
      .execute();
    const byKind = new Map<string, { kind: string; queued: number; running: number; oldestQueuedAt: number | null }>();
    for (const type of this.registry.keys()) byKind.set(type, { kind: type, queued: 0, running: 0, oldestQueuedAt: null });
    for (const r of rows) {
      const entry = byKind.get(r.type) ?? { kind: r.type, queued: 0, running: 0, oldestQueuedAt: null };
      byKind.set(r.type, entry);
      if (r.status === 'running') entry.running = Number(r.n);
      else {
        entry.queued = Number(r.n);
        entry.oldestQueuedAt = r.oldest === null ? null : Number(r.oldest);
      }
    }
    return [...byKind.values()];
  }

  /** Claims and runs what is due now; resolves when those jobs have finished. Returns how many ran. */
  async runDue(): Promise<number> {
    const started = await this.fill();
    await Promise.all(started);
    return started.length;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Jobs run on while the next poll waits; a finished job polls at once, so a backlog drains without pauses and
      // one long job never holds up the others.
      this.fill()
        .then((started) => started.forEach((done) => void done.then(() => this.schedule(0))))
        .catch((err) => this.opts.logger.error({ err }, 'job poll failed'))
        .finally(() => {
          if (!this.timer) this.schedule(this.opts.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private pools(): Pool[] {
    const own = [...this.registry].filter(([, r]) => r.concurrency !== undefined);
    return [{ type: null, limit: this.opts.concurrency }, ...own.map(([type, r]) => ({ type, limit: r.concurrency! }))];
  }

  /** Claims due jobs into every pool's free slots and starts them; returns their completions. */
  private fill(): Promise<Array<Promise<void>>> {
    const next = this.claiming.then(async () => {
      const started: Array<Promise<void>> = [];
      const pools = this.pools();
      const dedicated = pools.flatMap((p) => (p.type === null ? [] : [p.type]));
      for (const pool of pools) {
        const free = pool.limit - (this.busy.get(pool.type) ?? 0);
        if (free <= 0) continue;
        const jobs = await this.claim(free, pool.type, dedicated);
        started.push(...jobs.map((job) => this.execute(job, pool.type)));
      }
      return started;
    });
    this.claiming = next.catch(() => {});
    return next;
  }

  private async claim(limit: number, type: string | null, dedicated: string[]): Promise<JobRow[]> {
    const { db, dialect } = this.opts;
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
    if (type !== null) candidates = candidates.where('type', '=', type);
    else if (dedicated.length > 0) candidates = candidates.where('type', 'not in', dedicated);
    // Lower rounds first (fair types); within a round, and for every other type (round 0), oldest first.
    const due = lockSkipLocked(dialect, candidates.orderBy('fair_rank').orderBy('run_at').limit(limit));
    return db
      .updateTable('job')
      .set((eb) => ({
        status: 'running',
        locked_by: this.workerId,
        locked_until: at + this.leaseMs,
        attempts: eb('attempts', '+', 1),
        updated_at: at,
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  private async execute(job: JobRow, pool: string | null): Promise<void> {
    this.running++;
    this.busy.set(pool, (this.busy.get(pool) ?? 0) + 1);
    const { logger } = this.opts;
    const reg = this.registry.get(job.type);
    const log = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts });
    const began = performance.now();
    try {
      if (!reg) throw new Error(`no handler for job type ${job.type}`);
      await runJob(job.type, job.id, job.attempts, () => reg.handler(JSON.parse(job.payload), { jobId: job.id, attempt: job.attempts }));
      await this.finish(job, reg, { status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: Date.now() });
      metrics.jobFinished(job.type, 'done', (performance.now() - began) / 1000);
      log.debug('job done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const finalAttempt = job.attempts >= job.max_attempts;
      const backoff = Math.min((reg?.backoffMs ?? 2_000) * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      await this.finish(job, reg, {
        status: finalAttempt ? 'failed' : 'queued',
        run_at: Date.now() + backoff,
        locked_by: null,
        locked_until: null,
        last_error: message.slice(0, 2000),
        updated_at: Date.now(),
      }).catch((e) => log.error({ err: e }, 'could not record job failure'));
      metrics.jobFinished(job.type, finalAttempt ? 'failed' : 'retry', (performance.now() - began) / 1000);
      log.warn({ err: message, finalAttempt }, 'job failed');
    } finally {
      this.running--;
      this.busy.set(pool, this.busy.get(pool)! - 1);
      if (this.running === 0) this.idle.splice(0).forEach((resolve) => resolve());
    }
  }

  /**
   * Records a job's outcome while it is still ours; a schedule's occurrence also enqueues the next one in the same
   * transaction, so a crash between the two never loses or doubles the schedule.
   */
  private async finish(job: JobRow, reg: Registration | undefined, values: Updateable<JobTable>): Promise<void> {
    const record = (executor: Executor) =>
      executor.updateTable('job').set(values).where('id', '=', job.id).where('locked_by', '=', this.workerId).executeTakeFirst();
    const every = job.schedule_key === null ? undefined : reg?.everyMs;
    if (every === undefined) {
      await record(this.opts.db);
      return;
    }
    await this.opts.db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await record(trx);
      if (numUpdatedRows > 0n) await this.insertOccurrence(trx, job.type, nextRun(job.run_at, every, Date.now()));
    });
  }
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
