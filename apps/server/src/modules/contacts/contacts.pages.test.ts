import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { manyCards } from './contacts.fixtures.js';

// Pages continue after the last one's end (keyset): served in any order, jumped to, in both directions and in an older
// version after a newer one, they are the same pages as read one after another — and no query skips with OFFSET.
describe.each(DIALECTS)('contacts: pages by keyset (%s)', (dialect) => {
  let t: TestApp;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { onStatement: (sql) => statements.push(sql) });
  });
  afterAll(() => t.close());

  const SIZE = 7;
  const page = async (token: string, id: string, n: number, order: 'ASC' | 'DESC') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/contacts/backup_version/${id}?sortField=firstname&sortOrder=${order}&currentPage=${n}&maxResult=${SIZE}`, headers: authed(token) });
    expect(res.statusCode).toBe(200);
    return (res.json().data.items as Array<{ name: string }>).map((c) => c.name);
  };
  const importVcf = async (token: string, body: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts/backup_version/import', headers: { ...authed(token), 'content-type': 'text/vcard' }, payload: body });
    expect(res.statusCode).toBe(200);
    return res.json().data.version as { id: string; count: number };
  };

  it('jumped-to pages equal the pages read in order, both ways, in an older version too; no OFFSET', async () => {
    const { token } = await signUp(t);
    const older = await importVcf(token, manyCards(250));
    const newer = await importVcf(token, manyCards(5, [], 'Zeynep'));
    expect(newer.count).toBe(255);
    const names = Array.from({ length: 250 }, (_, i) => `Kişi ${String(i).padStart(4, '0')}`);
    const expected = {
      older: { ASC: names, DESC: [...names].reverse() },
      newer: { ASC: [...names, ...Array.from({ length: 5 }, (_, i) => `Zeynep ${String(i).padStart(4, '0')}`)], DESC: [] as string[] },
    };
    expected.newer.DESC = [...expected.newer.ASC].reverse();
    const pageOf = (list: string[], n: number) => list.slice((n - 1) * SIZE, n * SIZE);
    const from = statements.length;
    // Jumps first (far pages before near ones: the walk from the start), then the rest in order, then past the end.
    for (const [which, version] of [['newer', newer], ['older', older]] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const list = expected[which][order];
        const last = Math.ceil(list.length / SIZE);
        for (const n of [30, 2, last, 17, 1, 31, 29]) expect(await page(token, version.id, n, order), `${which} ${order} page ${n}`).toEqual(pageOf(list, n));
        for (let n = 1; n <= last; n++) expect(await page(token, version.id, n, order)).toEqual(pageOf(list, n));
        expect(await page(token, version.id, last + 1, order)).toEqual([]);
        expect(await page(token, version.id, last + 20, order)).toEqual([]);
      }
    }
    expect(statements.slice(from).filter((s) => /\boffset\b/i.test(s))).toEqual([]);
  });
});
