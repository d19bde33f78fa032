import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, startTestApp, type TestApp } from './test/harness.js';

/**
 * The tables of the database type, and the file that adds each one: `DB` (infra/db/schema.ts) is empty and every owner
 * augments it beside its table interfaces (an interface has no runtime keys, so the sources are read).
 */
function declaredTables(): Map<string, string> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const where = new Map<string, string>();
  for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const block of source.matchAll(/declare module '[^']*db\/schema\.js' \{\s*interface DB \{([^}]*)\}/g)) {
      for (const m of block[1]!.matchAll(/^\s*(\w+)\s*:/gm)) {
        if (where.has(m[1]!)) throw new Error(`table ${m[1]} declared in ${where.get(m[1]!)} and ${file}`);
        where.set(m[1]!, file.split(path.sep).join('/'));
      }
    }
  }
  return where;
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
    const where = declaredTables();
    const declared = [...where.keys()].sort();
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((table) => owners.get(table)?.length !== 1).map((table) => [table, owners.get(table) ?? []])).toEqual([]);
    expect([...owners.keys()].sort()).toEqual(declared);
  });

  it("declares each table's type in its owner's folder", () => {
    const misplaced = [...declaredTables()]
      .map(([table, file]) => {
        const owner = t.app.modules.find((m) => m.tables.includes(table as never))?.name;
        return { table, file, owner };
      })
      .filter(({ file, owner }) => !file.startsWith(owner === 'infra' ? 'infra/' : `modules/${owner}/`));
    expect(misplaced).toEqual([]);
  });

  it('declares exactly the tables the migrations create', async () => {
    const { rows } =
      t.database.dialect === 'postgres'
        ? await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(t.database.db)
        : // Plain tables only: an FTS5 index (virtual table and shadow tables) belongs to the table it indexes.
          await sql<{ name: string }>`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(
            t.database.db,
          );
    const created = rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_migration')).sort();
    expect(created).toEqual([...declaredTables().keys()].sort());
  });
});
