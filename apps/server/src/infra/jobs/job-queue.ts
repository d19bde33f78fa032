import os from 'node:os';
import type { Kysely, Updateable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import type { Dialect } from '../db/database.js';
import { newId } from '../../shared/tokens.js';
import { JobInstance, releaseOwnJobs } from './job-instance.js';
import { metrics } from '../metrics/metrics.js';
import { runJob } from '../telemetry/job-spans.js';
import type { JobRow, JobTable } from './job.table.js';
import { claimDue, countBacklog, findQueued, insertJob, insertOccurrence, nextRun, recordOutcome } from './job-store.js';

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

  /**
   * `fairKey` is required by fair types: whose turn the job takes (media: the account). `unlessQueued`: when a job of
   * this type and payload is queued and not started yet, it is the one (its id is answered), for jobs that act on the
   * current state of something when they run (a document's preview renders its content at that time).
   */
  async enqueue(executor: Executor, type: string, payload: unknown, opts: { runAt?: number; fairKey?: string; unlessQueued?: boolean } = {}): Promise<string> {
    const reg = this.registry.get(type);
    if (!reg) throw new Error(`unknown job type ${type}`);
    if (reg.fair !== (opts.fairKey !== undefined)) throw new Error(`job type ${type} ${reg.fair ? 'needs' : 'takes no'} fair key`);
    if (opts.unlessQueued) {
      const queued = await findQueued(executor, this.opts.dialect, type, payload);
      if (queued) return queued;
    }
    const at = Date.now();
    return insertJob(executor, { type, payload, maxAttempts: reg.maxAttempts, runAt: opts.runAt ?? at, fairKey: opts.fairKey ?? null }, at);
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
      if (reg.everyMs !== undefined) await insertOccurrence(this.opts.db, type, at + reg.everyMs);
    }
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
    const rows = await countBacklog(this.opts.db, Date.now());
    const byKind = new Map<string, { kind: string; queued: number; running: number; oldestQueuedAt: number | null }>();
    for (const type of this.registry.keys()) byKind.set(type, { kind: type, queued: 0, running: 0, oldestQueuedAt: null });
    for (const r of rows) {
      const entry = byKind.get(r.type) ?? { kind: r.type, queued: 0, running: 0, oldestQueuedAt: null };
      byKind.set(r.type, entry);
      if (r.status === 'running') entry.running = r.count;
      else {
        entry.queued = r.count;
        entry.oldestQueuedAt = r.oldest;
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
        const jobs = await claimDue(this.opts.db, this.opts.dialect, { limit: free, type: pool.type, dedicated, workerId: this.workerId, leaseMs: this.leaseMs });
        started.push(...jobs.map((job) => this.execute(job, pool.type)));
      }
      return started;
    });
    this.claiming = next.catch(() => {});
    return next;
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
    const every = job.schedule_key === null ? undefined : reg?.everyMs;
    if (every === undefined) {
      await recordOutcome(this.opts.db, job.id, this.workerId, values);
      return;
    }
    await this.opts.db.transaction().execute(async (trx) => {
      if (await recordOutcome(trx, job.id, this.workerId, values)) await insertOccurrence(trx, job.type, nextRun(job.run_at, every, Date.now()));
    });
  }
}
