import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createPgDatabase, DIALECTS } from '../../test/harness.js';
import { createDatabase, type Database } from './database.js';
import { migrateDownToZero, migrateToLatest } from './migrate.js';
import { migrations } from '../../db/migrations/index.js';

/** Every table, index and trigger the schema holds, as each dialect's catalogue names them (the migration log aside). */
async function schemaObjects(database: Database): Promise<string[]> {
  const rows =
    database.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`
            SELECT 'table:' || tablename AS name FROM pg_tables WHERE schemaname = 'public'
            UNION ALL SELECT 'index:' || indexname FROM pg_indexes WHERE schemaname = 'public'
            UNION ALL SELECT 'trigger:' || tgname FROM pg_trigger WHERE NOT tgisinternal
            UNION ALL SELECT 'function:' || proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
              WHERE n.nspname = 'public'
            UNION ALL SELECT 'column:' || table_name || '.' || column_name FROM information_schema.columns
              WHERE table_schema = 'public'`.execute(database.db)
        ).rows
      : (
          await sql<{ name: string }>`
            SELECT type || ':' || name AS name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'
            UNION ALL SELECT 'column:' || m.name || '.' || c.name FROM sqlite_master m, pragma_table_info(m.name) c
              WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`.execute(database.db)
        ).rows;
  return rows.map((r) => r.name).filter((n) => !/kysely_migration/.test(n)).sort();
}

describe.each(DIALECTS)('migrations (%s)', (dialect) => {
  let database: Database;
  let dir: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-migrate-'));
    let url: string | null = null;
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      url = pg.url;
      drop = pg.drop;
    }
    database = createDatabase({ databaseUrl: url, sqliteFile: path.join(dir, 'db.sqlite') });
  });
  afterAll(async () => {
    await database.destroy();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs every migration up, every one down to an empty schema, and up again to the same schema', async () => {
    await migrateToLatest(database.db);
    const latest = await schemaObjects(database);
    expect(latest).toContain('table:job');
    expect(latest).toContain('table:timeline_day');
    const applied = await database.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(applied).toHaveLength(Object.keys(migrations).length);

    await migrateDownToZero(database.db);
    expect(await schemaObjects(database)).toEqual([]);

    await migrateToLatest(database.db);
    expect(await schemaObjects(database)).toEqual(latest);
  });
});
