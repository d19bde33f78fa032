import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.js';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { GOOGLE_VCF, ICLOUD_VCF, manyCards } from './contacts.fixtures.js';

// Migration 2026-12-09T0200_contact_entries moves versions written as full copies (`contact`) to shared entries; its
// down writes the copies back. Both run here on real data, and every version reads the same before and after.
describe.each(DIALECTS)('contacts: the move to shared entries and back (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    serving = t;
  });
  afterAll(() => t.close());

  /** The app serving the requests: after the migrations, a new one (migrations run before a server starts). */
  let serving: TestApp;
  const get = (token: string, url: string) => serving.app.inject({ method: 'GET', url: `/api/contacts/${url}`, headers: authed(token) });
  const importVcf = (token: string, body: string) =>
    t.app.inject({ method: 'POST', url: '/api/contacts/backup_version/import', headers: { ...authed(token), 'content-type': 'text/vcard' }, payload: body });

  /** Every version as the screens and an export see it. */
  async function snapshot(token: string) {
    const versions = (await get(token, 'backup_version')).json().data.items as Array<{ id: string; count: number; source: string }>;
    return Promise.all(
      versions.map(async (v) => ({
        ...v,
        page: (await get(token, `backup_version/${v.id}?sortField=firstname&sortOrder=ASC&currentPage=2&maxResult=100`)).json().data.items,
        search: (await get(token, `search?query=ayse&versionId=${v.id}`)).json().data,
        vcf: (await get(token, `backup_version/${v.id}/export`)).body,
      })),
    );
  }

  it('keeps every version, its order, search and export through the migration down and up again', async () => {
    const { token } = await signUp(t);
    expect((await importVcf(token, manyCards(150))).statusCode).toBe(200);
    expect((await importVcf(token, GOOGLE_VCF + ICLOUD_VCF)).statusCode).toBe(200);
    const [, first] = (await get(token, 'backup_version')).json().data.items as Array<{ id: string }>;
    expect((await t.app.inject({ method: 'POST', url: `/api/contacts/backup_version/${first!.id}/restore`, headers: authed(token) })).statusCode).toBe(200);
    const before = await snapshot(token);
    expect(before.map((v) => [v.source, v.count])).toEqual([
      ['RESTORE', 150],
      ['IMPORT', 152],
      ['IMPORT', 150],
    ]);

    const migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-12-08T0200_contacts')).error).toBeUndefined();
    // The old layout: one copy of each contact per version.
    const copies = await sql<{ n: number | string }>`select count(*) as n from contact`.execute(t.database.db);
    expect(Number(copies.rows[0]!.n)).toBe(150 + 152 + 150);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // A server keeps where the pages it served ended (the entries at a seq never change while it runs); data rewritten
    // underneath it by migrations is served by a server started after them, as in production.
    serving = await startTestApp(dialect, {}, { dataDir: t.dataDir, databaseUrl: t.config.databaseUrl ?? undefined });
    try {
      expect(await snapshot(token)).toEqual(before);
    } finally {
      await serving.close();
      serving = t;
    }
    // Moved versions keep their own entries; the book goes on from there, sharing what a new change leaves alone.
    expect((await importVcf(token, GOOGLE_VCF)).statusCode).toBe(200);
    expect((await get(token, 'backup_version')).json().data.items[0]).toMatchObject({ source: 'IMPORT', count: 151 });
  });
});
