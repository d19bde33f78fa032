import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type Database } from './database.js';

// A second process writing the same SQLite file (the ops CLI beside a running server) must wait its turn, not fail.
describe('SQLite transactions beside another process', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-db-'));
    database = createDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'bulut.db') });
    await sql`CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(database.db);
    await sql`INSERT INTO counter (id, n) VALUES (1, 0)`.execute(database.db);
  });

  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that reads, lets another process write, then writes, commits and loses neither write', async () => {
    const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const script = `const D = require(${JSON.stringify(betterSqlite)}); const db = new D(process.argv[1], { timeout: 20000 });
      process.stdout.write('ready\\n'); db.prepare('UPDATE counter SET n = n + 100 WHERE id = 1').run(); db.close();`;
    let exited: Promise<number | null> = Promise.resolve(null);
    await database.db.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`SELECT n FROM counter WHERE id = 1`.execute(trx);
      const child = spawn(process.execPath, ['-e', script, path.join(dir, 'bulut.db')], { stdio: ['ignore', 'pipe', 'inherit'] });
      exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      // A deferred BEGIN lets the other process commit here and then fails our write with SQLITE_BUSY; with
      // BEGIN IMMEDIATE it waits for us. Give it time to do either.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 1500))]);
      await sql`UPDATE counter SET n = ${before.rows[0]!.n + 1} WHERE id = 1`.execute(trx);
    });
    // The other process gets its turn after our commit.
    expect(await exited).toBe(0);
    const { rows } = await sql<{ n: number }>`SELECT n FROM counter WHERE id = 1`.execute(database.db);
    expect(rows[0]!.n).toBe(101);
  });
});
