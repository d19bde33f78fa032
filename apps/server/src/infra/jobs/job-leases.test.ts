import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.js';
import { INTERRUPTED, JobInstance } from './job-instance.js';
import type { JobQueue } from './job-queue.js';
import { until, useJobDatabase } from './jobs.fixtures.js';

describe.each(DIALECTS)('job leases and instances (%s)', (dialect) => {
  const t = useJobDatabase(dialect);
  const job = (id: string) => t.database.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const instanceRows = (name: string) => t.database.db.selectFrom('job_instance').selectAll().where('name', '=', name).execute();

  /** What a run that claimed the job and was then killed leaves behind: its heartbeat row and a job running under a live lease. */
  async function heldByRun(jobId: string, run: { runId: string; name: string; heartbeatAt: number }, attempts = 1) {
    await t.database.db
      .insertInto('job_instance')
      .values({ run_id: run.runId, name: run.name, started_at: run.heartbeatAt, heartbeat_at: run.heartbeatAt })
      .execute();
    await t.database.db
      .updateTable('job')
      .set({ status: 'running', locked_by: run.runId, locked_until: Date.now() + 30_000, attempts })
      .where('id', '=', jobId)
      .execute();
  }

  async function drainStarted(q: JobQueue, done: () => boolean) {
    try {
      await until('the released job done', done);
    } finally {
      await q.stop();
    }
  }

  it("a restarted slot releases at once what its previous run held, and runs it again; a clean stop leaves no row", async () => {
    const q = t.queue(undefined, { instanceName: 'slot-restart' });
    const ran: string[] = [];
    q.register('lease.restart', async (p) => void ran.push((p as { n: string }).n));
    const id = await q.enqueue(t.database.db, 'lease.restart', { n: 'x' });
    // The previous run of this slot beat a moment ago and its lease has 30 s to go: only the restart frees it.
    await heldByRun(id, { runId: 'run-before-crash', name: 'slot-restart', heartbeatAt: Date.now() });
    expect(await q.runDue()).toBe(0);
    expect(await q.start()).toEqual({ released: 1 });
    await drainStarted(q, () => ran.length === 1);
    expect(ran).toEqual(['x']);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
    expect(await instanceRows('slot-restart')).toEqual([]);
  });

  it('at start, runs with a stale heartbeat give up their jobs; a live instance keeps its own', async () => {
    const q = t.queue(undefined, { instanceName: 'slot-start', leaseMs: 30_000 });
    const ran: string[] = [];
    q.register('lease.stale', async (p) => void ran.push((p as { n: string }).n));
    const stale = await q.enqueue(t.database.db, 'lease.stale', { n: 'stale' });
    const live = await q.enqueue(t.database.db, 'lease.stale', { n: 'live' });
    await heldByRun(stale, { runId: 'run-stale', name: 'other-dead', heartbeatAt: Date.now() - 10 * 60_000 });
    await heldByRun(live, { runId: 'run-live', name: 'other-live', heartbeatAt: Date.now() });
    expect(await q.start()).toEqual({ released: 1 });
    await drainStarted(q, () => ran.length === 1);
    expect(ran).toEqual(['stale']);
    expect(await job(live)).toMatchObject({ status: 'running', locked_by: 'run-live' });
    expect((await instanceRows('other-dead')).length).toBe(0);
    expect((await instanceRows('other-live')).length).toBe(1);
  });

  it("a heartbeat renews its run's leases and releases the jobs of runs that stopped beating", async () => {
    const q = t.queue();
    q.register('lease.beat', async () => {});
    const mine = await q.enqueue(t.database.db, 'lease.beat', {});
    const orphan = await q.enqueue(t.database.db, 'lease.beat', {});
    const at = Date.now();
    const instance = new JobInstance({ db: t.database.db, name: 'slot-beat', leaseMs: 30_000, staleMs: 60_000 });
    await instance.register(at);
    await heldByRun(orphan, { runId: 'run-silent', name: 'other-silent', heartbeatAt: at - 30_000 });
    await t.database.db.updateTable('job').set({ status: 'running', locked_by: instance.runId, locked_until: at + 1 }).where('id', '=', mine).execute();

    await instance.beat(at + 45_000);
    // Its own lease now runs a whole lease from the beat; the silent run (75 s without a beat) lost its job.
    expect(await job(mine)).toMatchObject({ status: 'running', locked_by: instance.runId, locked_until: at + 75_000 });
    expect(await job(orphan)).toMatchObject({ status: 'queued', locked_by: null, run_at: at + 45_000, last_error: INTERRUPTED });
    expect((await instanceRows('slot-beat')).map((r) => r.heartbeat_at)).toEqual([at + 45_000]);
    expect(await instanceRows('other-silent')).toEqual([]);
    await instance.deregister();
    await t.database.db.updateTable('job').set({ status: 'done' }).where('id', 'in', [mine, orphan]).execute();
  });

  it('a started queue keeps renewing the lease of a job it is still running, so no one else takes it', async () => {
    const q = t.queue(undefined, { leaseMs: 3_000, heartbeatMs: 50 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    q.register('lease.long', () => held);
    const id = await q.enqueue(t.database.db, 'lease.long', {});
    await q.start();
    try {
      await until('the job claimed', async () => (await job(id)).status === 'running');
      const { locked_by: holder, locked_until: first } = await job(id);
      await until('the lease renewed', async () => (await job(id)).locked_until! > first!);
      const other = t.queue();
      other.register('lease.long', async () => {});
      await other.runDue();
      expect(await job(id)).toMatchObject({ status: 'running', locked_by: holder, attempts: 1 });
    } finally {
      release();
      await q.stop();
    }
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('an interrupted job on its last attempt fails with the reason; an interrupted schedule occurrence runs again', async () => {
    const q = t.queue(undefined, { instanceName: 'slot-last' });
    q.register('lease.last', async () => {}, { maxAttempts: 2 });
    let ticks = 0;
    q.registerSchedule({ name: 'lease.tick', everyMs: 60 * 60_000, run: async () => void ticks++ });
    const last = await q.enqueue(t.database.db, 'lease.last', {});
    await q.ensureSchedules();
    const tick = (await t.database.db.selectFrom('job').select('id').where('schedule_key', '=', 'lease.tick').executeTakeFirstOrThrow()).id;
    await heldByRun(last, { runId: 'run-last', name: 'slot-last', heartbeatAt: Date.now() }, 2);
    await t.database.db.updateTable('job').set({ status: 'running', locked_by: 'run-last', attempts: 1 }).where('id', '=', tick).execute();
    expect(await q.start()).toEqual({ released: 2 });
    await drainStarted(q, () => ticks === 1);
    expect(await job(last)).toMatchObject({ status: 'failed', attempts: 2, last_error: INTERRUPTED });
    expect(await job(tick)).toMatchObject({ status: 'done' });
  });
});

describe.each(DIALECTS)('fair turns (%s)', (dialect) => {
  const t = useJobDatabase(dialect);

  it("serves a fair type in turns by key: one key's backlog does not hold back another's jobs", async () => {
    const q = t.queue();
    const order: string[] = [];
    q.register('fair.turns', async (p) => void order.push((p as { n: string }).n), { fair: true, concurrency: 1 });
    const enqueue = (key: string, count: number) =>
      Array.from({ length: count }, (_, i) => i).reduce(
        (prev, i) => prev.then(() => q.enqueue(t.database.db, 'fair.turns', { n: `${key}${i}` }, { fairKey: key }).then(() => {})),
        Promise.resolve(),
      );
    // A fills the queue, then B adds one job: B's runs second (after the one of A's it joined the round of).
    await enqueue('A', 200);
    await enqueue('B', 1);
    for (let i = 0; i < 10; i++) expect(await q.runDue()).toBe(1);
    expect(order.indexOf('B0')).toBe(1);
    // C arrives with a backlog of its own while A's is being served: the two take turns, A is not pushed back.
    await enqueue('C', 5);
    for (let i = 0; i < 10; i++) expect(await q.runDue()).toBe(1);
    expect(order.slice(10)).toEqual(['A9', 'C0', 'A10', 'C1', 'A11', 'C2', 'A12', 'C3', 'A13', 'C4']);
    await t.database.db.updateTable('job').set({ status: 'done' }).where('type', '=', 'fair.turns').execute();
  });

  it('a fair type needs a key and other types take none', async () => {
    const q = t.queue();
    q.register('fair.keyed', async () => {}, { fair: true });
    q.register('fair.plain', async () => {});
    await expect(q.enqueue(t.database.db, 'fair.keyed', {})).rejects.toThrow(/needs fair key/);
    await expect(q.enqueue(t.database.db, 'fair.plain', {}, { fairKey: 'a' })).rejects.toThrow(/takes no fair key/);
  });

  it('several workers on separate connections claim fair jobs exactly once', async () => {
    const others = [0, 1, 2].map(() => t.connect());
    const runs = new Map<string, number>();
    const workers = others.map((db) => {
      const q = t.queue(db);
      q.register(
        'fair.race',
        async (p) => {
          const n = (p as { n: string }).n;
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 2));
        },
        { fair: true, concurrency: 2 },
      );
      return q;
    });
    const keys = ['k1', 'k2', 'k3'];
    for (let i = 0; i < 20; i++) {
      for (const key of keys) await workers[0]!.enqueue(t.database.db, 'fair.race', { n: `${key}-${i}` }, { fairKey: key });
    }
    const drain = async (q: JobQueue) => {
      while ((await q.runDue()) > 0);
    };
    await Promise.all(workers.map(drain));
    await Promise.all(others.map((d) => d.destroy()));
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
  });
});
