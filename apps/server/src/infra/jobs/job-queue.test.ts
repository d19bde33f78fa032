import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { DIALECTS } from '../../test/harness.js';
import { SmtpMailer } from '../mail/mailer.js';
import { OutboxSmsGateway } from '../sms/sms-gateway.js';
import { DevOutbox } from '../outbox/dev-outbox.js';
import { MessageJobs } from './message-jobs.js';
import type { JobQueue } from './job-queue.js';
import { nextRun } from './job-store.js';
import { until, useJobDatabase } from './jobs.fixtures.js';
import { smtpSink } from '../../test/smtp-sink.js';

describe.each(DIALECTS)('job queue (%s)', (dialect) => {
  const t = useJobDatabase(dialect);
  const queue = (db?: Database) => t.queue(db);

  it('commits a job with the transaction that enqueued it, and not when it rolls back', async () => {
    const q = queue();
    q.register('noop.commit', async () => {});
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await q.enqueue(trx, 'noop.commit', {});
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await t.database.db.selectFrom('job').where('type', '=', 'noop.commit').selectAll().execute()).toHaveLength(0);
    await t.database.db.transaction().execute((trx) => q.enqueue(trx, 'noop.commit', {}));
    expect(await q.runDue()).toBe(1);
    const row = await t.database.db.selectFrom('job').where('type', '=', 'noop.commit').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
  });

  it('unlessQueued: answers the job of the same payload still queued; once that one runs, queues another', async () => {
    const q = queue();
    const releases: Array<() => void> = [];
    q.register('noop.current', () => new Promise<void>((resolve) => releases.push(resolve)));
    const db = t.database.db;
    const first = await q.enqueue(db, 'noop.current', { fileId: 'a' }, { unlessQueued: true });
    expect(await q.enqueue(db, 'noop.current', { fileId: 'a' }, { unlessQueued: true })).toBe(first);
    const other = await q.enqueue(db, 'noop.current', { fileId: 'b' }, { unlessQueued: true });
    expect(other).not.toBe(first);
    // Without the option every call queues a job, as before.
    expect(await q.enqueue(db, 'noop.current', { fileId: 'b' })).not.toBe(other);
    // A job that has started is not the one: it may have read what a newer call wrote.
    const running = q.runDue();
    await until('a job started', () => releases.length > 0);
    const started = await db.selectFrom('job').select(['id', 'payload']).where('type', '=', 'noop.current').where('status', '=', 'running').execute();
    expect(started.length).toBeGreaterThan(0);
    for (const job of started) {
      expect(started.map((r) => r.id)).not.toContain(await q.enqueue(db, 'noop.current', JSON.parse(job.payload) as unknown, { unlessQueued: true }));
    }
    await until('every started job waits', () => releases.length === started.length);
    for (const release of releases) release();
    await running;
    await db.deleteFrom('job').where('type', '=', 'noop.current').execute();
  });

  it('sends mail over real SMTP through the queue', async () => {
    const smtp = await smtpSink();
    const { received } = smtp;
    try {
      const q = queue();
      const messages = MessageJobs.register(q, new SmtpMailer(smtp.url, 'Bulut <no-reply@bulut.test>'), new OutboxSmsGateway(new DevOutbox(t.dir)));
      await messages.email(t.database.db, { to: 'ayse@example.com', subject: 'Kodunuz', text: 'Bulut doğrulama kodunuz 123456' });
      expect(await q.runDue()).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: ayse@example.com');
      expect(received[0]).toContain('Subject: Kodunuz');
    } finally {
      await smtp.close();
    }
  });

  it('retries a failing job with growing backoff, then marks it failed with the reason', async () => {
    const q = queue();
    let calls = 0;
    q.register('flaky.always', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    }, { maxAttempts: 3, backoffMs: 1000 });
    const id = await q.enqueue(t.database.db, 'flaky.always', {});
    const runAts: number[] = [];
    for (let i = 0; i < 3; i++) {
      await q.runDue();
      const row = await t.database.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      runAts.push(row.run_at - row.updated_at);
      // make it due again without waiting for the backoff
      if (row.status === 'queued') await t.database.db.updateTable('job').set({ run_at: 0 }).where('id', '=', id).execute();
    }
    const row = await t.database.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(calls).toBe(3);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBe('boom 3');
    expect(runAts[1]!).toBeGreaterThan(runAts[0]!);
  });

  it('picks up a job whose worker died mid-way once its lease has run out', async () => {
    const q = queue();
    const done: string[] = [];
    q.register('crash.resume', async (p) => {
      done.push((p as { n: string }).n);
    });
    const id = await q.enqueue(t.database.db, 'crash.resume', { n: 'x' });
    // Simulate a process that claimed the job and died: running, locked by someone else, lease expired.
    await t.database.db
      .updateTable('job')
      .set({ status: 'running', locked_by: 'dead-host:1', locked_until: Date.now() - 1, attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await q.runDue()).toBe(1);
    expect(done).toEqual(['x']);
    const row = await t.database.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(2);
  });

  it('does not take a job whose lease is still live', async () => {
    const q = queue();
    q.register('crash.live', async () => {});
    const id = await q.enqueue(t.database.db, 'crash.live', {});
    await t.database.db
      .updateTable('job')
      .set({ status: 'running', locked_by: 'other:1', locked_until: Date.now() + 60_000 })
      .where('id', '=', id)
      .execute();
    expect(await q.runDue()).toBe(0);
  });

  it('never runs the same job twice when several workers poll at once', async () => {
    // Separate connections per worker, as separate server processes would have.
    const others = [0, 1, 2].map(() =>
      t.connect(),
    );
    const runs = new Map<number, number>();
    const workers = others.map((db) => {
      const q = queue(db);
      q.register('race.count', async (p) => {
        const n = (p as { n: number }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      });
      return q;
    });
    const total = 60;
    for (let n = 0; n < total; n++) await workers[0]!.enqueue(t.database.db, 'race.count', { n });
    const drain = async (q: JobQueue) => {
      while ((await q.runDue()) > 0);
    };
    await Promise.all(workers.map(drain));
    await Promise.all(others.map((d) => d.destroy()));
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
  });

  it('gives a type with its own slots no more than those, and other jobs never wait behind its backlog', async () => {
    const q = queue();
    let inFlight = 0;
    let maxInFlight = 0;
    const waiting: Array<() => void> = [];
    q.register(
      'heavy.own',
      async () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise<void>((resolve) => waiting.push(resolve));
        inFlight--;
      },
      { concurrency: 2 },
    );
    const sent: number[] = [];
    q.register('light.shared', async (p) => {
      sent.push((p as { n: number }).n);
    });
    // The backlog is older than the light jobs, so a single first-come queue would run it first.
    for (let n = 0; n < 6; n++) await q.enqueue(t.database.db, 'heavy.own', { n }, { runAt: 1 });
    for (let n = 0; n < 3; n++) await q.enqueue(t.database.db, 'light.shared', { n });
    await q.start();
    try {
      await until('light jobs done while the heavy ones hold their slots', () => sent.length === 3 && waiting.length === 2);
      expect(sent.sort()).toEqual([0, 1, 2]);
      expect(inFlight).toBe(2);
      const heavyDone = async () =>
        (await t.database.db.selectFrom('job').select('id').where('type', '=', 'heavy.own').where('status', '=', 'done').execute()).length;
      for (let finished = 0; finished < 6; finished++) {
        await until('a heavy job waiting', () => waiting.length > 0);
        waiting.shift()!();
        await until('the released job recorded', async () => (await heavyDone()) === finished + 1);
      }
      expect(maxInFlight).toBe(2);
    } finally {
      waiting.splice(0).forEach((resolve) => resolve());
      await q.stop();
    }
  });

  describe('schedules', () => {
    const pending = (name: string) =>
      t.database.db
        .selectFrom('job')
        .selectAll()
        .where('schedule_key', '=', name)
        .where('status', 'in', ['queued', 'running'])
        .execute();
    // Separate connections per instance, as separate server processes would have.
    const instances = (n: number) =>
      Array.from({ length: n }, () => t.connect());

    it('instances racing at start-up create one pending occurrence, due one interval later', async () => {
      const dbs = instances(3);
      try {
        const before = Date.now();
        const queues = dbs.map((db) => {
          const q = queue(db);
          q.registerSchedule({ name: 'tick.race', everyMs: 60_000, run: async () => {} });
          return q;
        });
        await Promise.all([...queues, ...queues].map((q) => q.ensureSchedules()));
        const rows = await pending('tick.race');
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe('queued');
        expect(rows[0]!.run_at).toBeGreaterThanOrEqual(before + 60_000);
        // A restart later keeps the occurrence it finds.
        await queues[0]!.ensureSchedules();
        expect(await pending('tick.race')).toEqual(rows);
      } finally {
        await Promise.all(dbs.map((d) => d.destroy()));
      }
    });

    it('an occurrence runs once across instances and enqueues the next one at the cadence', async () => {
      const dbs = instances(3);
      try {
        let runs = 0;
        const queues = dbs.map((db) => {
          const q = queue(db);
          q.registerSchedule({
            name: 'tick.once',
            everyMs: 60_000,
            run: async () => {
              runs++;
              await new Promise((r) => setTimeout(r, 5));
            },
          });
          return q;
        });
        await queues[0]!.ensureSchedules();
        const due = Date.now() - 1_000;
        await t.database.db.updateTable('job').set({ run_at: due }).where('schedule_key', '=', 'tick.once').execute();

        const ran = await Promise.all(queues.map((q) => q.runDue()));
        expect(runs).toBe(1);
        expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
        const rows = await t.database.db.selectFrom('job').selectAll().where('schedule_key', '=', 'tick.once').orderBy('run_at').execute();
        expect(rows.map((r) => [r.status, r.run_at])).toEqual([
          ['done', due],
          ['queued', due + 60_000],
        ]);
        // The next occurrence is not due yet: nothing runs.
        expect((await Promise.all(queues.map((q) => q.runDue()))).every((n) => n === 0)).toBe(true);
        expect(runs).toBe(1);
      } finally {
        await Promise.all(dbs.map((d) => d.destroy()));
      }
    });

    it('a failing occurrence is recorded as failed and the schedule goes on; start-up adds none while one runs', async () => {
      const q = queue();
      let release = () => {};
      let fail = true;
      q.registerSchedule({
        name: 'tick.fail',
        everyMs: 1_000,
        run: async () => {
          if (fail) throw new Error('disk full');
          await new Promise<void>((resolve) => (release = resolve));
        },
      });
      await q.ensureSchedules();
      await t.database.db.updateTable('job').set({ run_at: 0 }).where('schedule_key', '=', 'tick.fail').execute();
      expect(await q.runDue()).toBe(1);
      const failed = await t.database.db.selectFrom('job').selectAll().where('schedule_key', '=', 'tick.fail').where('status', '=', 'failed').execute();
      expect(failed.map((r) => r.last_error)).toEqual(['disk full']);
      const [next] = await pending('tick.fail');
      expect(next!.run_at).toBeGreaterThan(Date.now() - 1_000);

      fail = false;
      await t.database.db.updateTable('job').set({ run_at: 0 }).where('id', '=', next!.id).execute();
      const running = q.runDue();
      for (let i = 0; (await pending('tick.fail'))[0]?.status !== 'running'; i++) {
        if (i > 500) throw new Error('the occurrence never started');
        await new Promise((r) => setTimeout(r, 10));
      }
      await q.ensureSchedules();
      expect((await pending('tick.fail')).map((r) => r.id)).toEqual([next!.id]);
      release();
      expect(await running).toBe(1);
      const after = await pending('tick.fail');
      expect(after).toHaveLength(1);
      expect(after[0]!.id).not.toBe(next!.id);
    });

    it('the next occurrence is the first slot of the cadence after now, skipping missed ones', () => {
      expect(nextRun(1_000, 100, 1_050)).toBe(1_100);
      expect(nextRun(1_000, 100, 1_000)).toBe(1_100);
      expect(nextRun(1_000, 100, 1_100)).toBe(1_200);
      expect(nextRun(1_000, 100, 5_432)).toBe(5_500);
    });
  });
});
