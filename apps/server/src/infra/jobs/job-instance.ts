import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import { newId } from '../../shared/tokens.js';

/** What an interrupted job records; it runs again at once unless that was its last attempt. */
export const INTERRUPTED = 'interrupted: the server running it stopped';

export interface JobInstanceOptions {
  db: Kysely<DB>;
  /** Stable across restarts of the same process slot; runs under the same name are one slot's successive lives. */
  name: string;
  /** How long a claimed job stays this run's without a heartbeat. */
  leaseMs: number;
  /** A run whose heartbeat is older than this is dead: what it held is released. */
  staleMs: number;
}

/**
 * One run of this server process as the job table sees it: a fresh run id holds the leases, a row in `job_instance`
 * carries its heartbeat. Each beat renews the leases of the jobs it is running, so a lease can be short (a dead
 * run's jobs come free within one lease) without a long job losing its lease while it works.
 */
export class JobInstance {
  readonly runId = newId();

  constructor(private readonly opts: JobInstanceOptions) {}

  get leaseMs(): number {
    return this.opts.leaseMs;
  }

  /**
   * Records this run, first releasing what the previous runs of the same name held (they are dead: this slot is
   * ours now) and what runs with a stale heartbeat held, so their jobs run again now instead of after their lease.
   */
  async register(at = Date.now()): Promise<{ released: number }> {
    const { db, name } = this.opts;
    return db.transaction().execute(async (trx) => {
      const dead = await trx
        .selectFrom('job_instance')
        .select('run_id')
        .where((eb) => eb.or([eb('name', '=', name), eb('heartbeat_at', '<', at - this.opts.staleMs)]))
        .execute();
      const released = await releaseRuns(trx, dead.map((r) => r.run_id), at);
      await trx.insertInto('job_instance').values({ run_id: this.runId, name, started_at: at, heartbeat_at: at }).execute();
      return { released };
    });
  }

  /** Says this run is alive, renews the leases of the jobs it runs, and releases what dead runs still hold. */
  async beat(at = Date.now()): Promise<void> {
    const { db } = this.opts;
    await db.transaction().execute(async (trx) => {
      const alive = await trx.updateTable('job_instance').set({ heartbeat_at: at }).where('run_id', '=', this.runId).executeTakeFirst();
      // Declared dead after a long stall (its jobs went to others, which `finish` notices): back in the table.
      if (alive.numUpdatedRows === 0n) {
        await trx.insertInto('job_instance').values({ run_id: this.runId, name: this.opts.name, started_at: at, heartbeat_at: at }).execute();
      }
      await trx
        .updateTable('job')
        .set({ locked_until: at + this.opts.leaseMs })
        .where('status', '=', 'running')
        .where('locked_by', '=', this.runId)
        .execute();
      const dead = await trx.selectFrom('job_instance').select('run_id').where('heartbeat_at', '<', at - this.opts.staleMs).execute();
      await releaseRuns(trx, dead.map((r) => r.run_id), at);
    });
  }

  /** A clean stop: the jobs in hand have finished, so the row just goes. */
  async deregister(): Promise<void> {
    await this.opts.db.deleteFrom('job_instance').where('run_id', '=', this.runId).execute();
  }
}

/**
 * Puts the running jobs of dead runs back in the queue, due now, and forgets those runs. The interrupted attempt
 * counts: a job that has used its last one is failed instead (a job that kills its server every time must stop
 * being retried), except a schedule's occurrence, whose schedule must go on.
 */
async function releaseRuns(trx: Executor, runIds: string[], at: number): Promise<number> {
  if (runIds.length === 0) return 0;
  const held = trx.updateTable('job').where('status', '=', 'running').where('locked_by', 'in', runIds);
  const cleared = { locked_by: null, locked_until: null, last_error: INTERRUPTED, updated_at: at };
  const failed = await held
    .set({ ...cleared, status: 'failed' })
    .where('schedule_key', 'is', null)
    .whereRef('attempts', '>=', 'max_attempts')
    .executeTakeFirst();
  const queued = await held.set({ ...cleared, status: 'queued', run_at: at }).executeTakeFirst();
  await trx.deleteFrom('job_instance').where('run_id', 'in', runIds).execute();
  return Number(failed.numUpdatedRows + queued.numUpdatedRows);
}

/**
 * A graceful release of what one run holds (SIGTERM): its running jobs go back to the queue due now and the attempt
 * is refunded, because nothing went wrong with the job; another instance claims them on its next poll.
 */
export async function releaseOwnJobs(db: Kysely<DB>, runId: string, at = Date.now()): Promise<number> {
  const res = await db
    .updateTable('job')
    .set((eb) => ({
      status: 'queued',
      locked_by: null,
      locked_until: null,
      run_at: at,
      updated_at: at,
      attempts: eb.case().when('attempts', '>', 0).then(eb('attempts', '-', 1)).else(0).end(),
    }))
    .where('status', '=', 'running')
    .where('locked_by', '=', runId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
