import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import pino from 'pino';
import { createDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Dialect } from '../db/database.js';
import { createPgDatabase } from '../../test/harness.js';
import { JobQueue, type JobQueueOptions } from './job-queue.js';

export const silentLogger = pino({ level: 'silent' });

export interface JobDatabase {
  database: Database;
  dir: string;
  url: string | null;
  /** Another connection pool to the same database, as another server process would have. */
  connect(poolSize?: number): Database;
  queue(db?: Database, opts?: Partial<JobQueueOptions>): JobQueue;
}

/** A migrated database of the given dialect for one describe block, and queues on it (or on other connections to it). */
export function useJobDatabase(dialect: Dialect): JobDatabase {
  const ctx: JobDatabase = {
    database: null as unknown as Database,
    dir: '',
    url: null,
    connect: (poolSize = 3) => createDatabase({ databaseUrl: ctx.url, sqliteFile: path.join(ctx.dir, 'db.sqlite'), poolSize }),
    queue: (db = ctx.database, opts = {}) =>
      new JobQueue({ db: db.db, dialect: db.dialect, logger: silentLogger, concurrency: 4, pollMs: 20, ...opts }),
  };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ctx.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-jobs-'));
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      ctx.url = pg.url;
      drop = pg.drop;
    }
    ctx.database = createDatabase({ databaseUrl: ctx.url, sqliteFile: path.join(ctx.dir, 'db.sqlite') });
    await migrateToLatest(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.database.destroy();
    await drop?.();
    fs.rmSync(ctx.dir, { recursive: true, force: true });
  });
  return ctx;
}

/** Waits for a condition; a hang guard, not a timing assertion: the condition is what a test checks. */
export async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; !(await ok()); i++) {
    if (i > 2000) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
