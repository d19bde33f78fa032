import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, startTestApp, type TestApp } from './test/harness.js';

/** The tables `DB` in infra/db/schema.ts declares, read from its source (an interface has no runtime keys). */
function declaredTables(): string[] {
  const source = fs.readFileSync(new URL('./infra/db/schema.ts', import.meta.url), 'utf8');
  const body = /export interface DB \{([^}]*)\}/.exec(source)?.[1];
  if (!body) throw new Error('no `export interface DB` in infra/db/schema.ts');
  return [...body.matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1]!).sort();
}

describe.each(DIALECTS)('module manifest (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('names every module once, infrastructure first', () => {
    const names = t.app.modules.map((m) => m.name);
    expect(names[0]).toBe('infra');
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every table of the schema exactly one owner, and owns nothing the schema lacks', () => {
    const owners = new Map<string, string[]>();
    for (const m of t.app.modules) for (const table of m.tables) owners.set(table, [...(owners.get(table) ?? []), m.name]);
    const declared = declaredTables();
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((table) => owners.get(table)?.length !== 1).map((table) => [table, owners.get(table) ?? []])).toEqual([]);
    expect([...owners.keys()].sort()).toEqual(declared);
  });

  it('declares exactly the tables the migrations create', async () => {
    const { rows } =
      t.database.dialect === 'postgres'
        ? await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(t.database.db)
        : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(
            t.database.db,
          );
    const created = rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_migration')).sort();
    expect(created).toEqual(declaredTables());
  });
});
