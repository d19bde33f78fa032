import os from 'node:os';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { lockSkipLocked } from '../db/dialect.js';
import { newId } from '../../shared/tokens.js';
import type { JobRow } from './job.table.js';

export type Executor = Kysely<DB> | Transaction<DB>;
export type JobHandler = (payload: unknown, ctx: { jobId: string; attempt: number }) => Promise<void>;

interface Registration {
  handler: JobHandler;
  maxAttempts: number;
  backoffMs: number;
}

export interface JobQueueOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  logger: FastifyBaseLogger;
  concurrency: number;
  pollMs: number;
  /** How long a claimed job stays ours; after that a crashed worker's job is claimed again. */
  leaseMs?: number;
}

const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * A durable queue kept in the database. Jobs are enqueued with the caller's executor, so they commit or
 * roll back with the data change that caused them. Claiming is one UPDATE … WHERE id IN (SELECT … SKIP LOCKED),
 * so several server processes never run the same job at once.
 */
export class JobQueue {
  private readonly registry = new Map<string, Registration>();
  private readonly workerId = `${os.hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private readonly leaseMs: number;
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private idle: Array<() => void> = [];

  constructor(private readonly opts: JobQueueOptions) {
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
  }

  register(type: string, handler: JobHandler, opts: { maxAttempts?: number; backoffMs?: number } = {}): void {
    this.registry.set(type, { handler, maxAttempts: opts.maxAttempts ?? 5, backoffMs: opts.backoffMs ?? 2_000 });
  }

  async enqueue(executor: Executor, type: string, payload: unknown, opts: { runAt?: number } = {}): Promise<string> {
    const reg = this.registry.get(type);
    if (!reg) throw new Error(`unknown job type ${type}`);
    const id = newId();
    const at = Date.now();
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
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Claims and runs what is due now; resolves when those jobs have finished. Returns how many ran. */
  async runDue(): Promise<number> {
    const free = this.opts.concurrency - this.running;
    if (free <= 0) return 0;
    const jobs = await this.claim(free);
    await Promise.all(jobs.map((job) => this.execute(job)));
    return jobs.length;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runDue()
        .catch((err) => this.opts.logger.error({ err }, 'job poll failed'))
        .finally(() => this.schedule(this.opts.pollMs));
    }, delay);
    this.timer.unref();
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const { db, dialect } = this.opts;
    const at = Date.now();
    const due = lockSkipLocked(
      dialect,
      db
        .selectFrom('job')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)]),
          ]),
        )
        .orderBy('run_at')
        .limit(limit),
    );
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

  private async execute(job: JobRow): Promise<void> {
    this.running++;
    const { db, logger } = this.opts;
    const reg = this.registry.get(job.type);
    const log = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts });
    try {
      if (!reg) throw new Error(`no handler for job type ${job.type}`);
      await reg.handler(JSON.parse(job.payload), { jobId: job.id, attempt: job.attempts });
      await db
        .updateTable('job')
        .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: Date.now() })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .execute();
      log.debug('job done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const finalAttempt = job.attempts >= job.max_attempts;
      const backoff = Math.min((reg?.backoffMs ?? 2_000) * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      await db
        .updateTable('job')
        .set({
          status: finalAttempt ? 'failed' : 'queued',
          run_at: Date.now() + backoff,
          locked_by: null,
          locked_until: null,
          last_error: message.slice(0, 2000),
          updated_at: Date.now(),
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .execute()
        .catch((e) => log.error({ err: e }, 'could not record job failure'));
      log.warn({ err: message, finalAttempt }, 'job failed');
    } finally {
      this.running--;
      if (this.running === 0) this.idle.splice(0).forEach((resolve) => resolve());
    }
  }
}
