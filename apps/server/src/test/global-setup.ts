import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../infra/db/database.js';
import { migrateToLatest } from '../infra/db/migrate.js';

/**
 * Runs every migration once per test run, into a SQLite file and (with TEST_DATABASE_URL) a PostgreSQL template
 * database; the harness then copies the file or creates each test's database FROM that template instead of migrating
 * a new one. A test app starts several hundred times a run: migrating took ~0.15 s on SQLite and ~2 s on PostgreSQL
 * (65 migrations of DDL), paid by the database server too. The app still runs its migrator at start, which finds
 * nothing to do; `migrate.test.ts` and `distribution-ready.test.ts` keep migrating empty databases of their own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // BULUT_TEST_NO_TEMPLATE=1: every test database migrated from empty, as before (to compare, or to rule this out).
  if (process.env.BULUT_TEST_NO_TEMPLATE === '1') return async () => {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-template-'));
  const sqliteFile = path.join(dir, 'template.sqlite');
  const lite = createDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'migrated.sqlite'), poolSize: 1 });
  await migrateToLatest(lite.db);
  // One self-contained file (the migrated database keeps part of itself in its WAL), which a test copies as it is.
  await sql`VACUUM INTO ${sqliteFile}`.execute(lite.db);
  await lite.destroy();
  process.env.BULUT_TEST_SQLITE_TEMPLATE = sqliteFile;

  let dropTemplate = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const admin = process.env.TEST_DATABASE_URL;
    const name = `bulut_tpl_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const database = createDatabase({ databaseUrl: url.toString(), sqliteFile: '', poolSize: 1 });
    await migrateToLatest(database.db);
    await database.destroy();
    process.env.BULUT_TEST_PG_TEMPLATE = name;
    dropTemplate = async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  return async () => {
    await dropTemplate();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
