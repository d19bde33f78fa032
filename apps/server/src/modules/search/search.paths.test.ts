import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addItem } from './search.fixtures.js';
import { HitReader, type HitFilter, type HitOrder } from './search.repository.js';
import { parse } from './search.service.js';

// A rank with few full-text hits is read from its hits, one with many by an ordered walk of the account's entries
// (search.repository.ts, LEAD_LIMIT). Both must give the same pages and counts; here each query is read both ways.
describe.each(DIALECTS)('search: the walk and the hits give the same pages (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('for every order, direction, page, kind and filter', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const kinds = ['photo', 'video', 'pdf', 'other'] as const;
    const base = Date.UTC(2025, 0, 1);
    // 48 hits of "deniz" among the caller's items: exact names, names starting with it, descriptions and cameras, in
    // every kind, some hidden; a few that do not match, and another account's that must never show.
    for (let i = 0; i < 48; i++) {
      const kind = kinds[i % 4]!;
      const exact = i === 0 ? 'deniz' : `deniz.${['jpg', 'png', 'pdf', 'mp4', 'txt', 'gif', 'doc'][i / 6 - 1]}`;
      const name = i % 6 === 0 ? exact : i % 6 === 1 ? `Deniz kıyısı ${i}.jpg` : i % 6 === 2 ? `yaz ${i}.pdf` : `deniz feneri ${i}`;
      await addItem(t, me.accountId, name, {
        kind,
        at: base + ((i * 7919) % 48) * 60_000,
        takenDay: kind === 'photo' || kind === 'video' ? 20240101 + (i % 28) : undefined,
        description: i % 6 === 2 ? 'Deniz ve kum' : undefined,
        camera: i % 6 === 3 ? 'Deniz Cam' : undefined,
        hidden: i % 11 === 0,
      });
    }
    for (let i = 0; i < 5; i++) await addItem(t, me.accountId, `dağ ${i}.jpg`, { kind: 'photo' });
    for (let i = 0; i < 5; i++) await addItem(t, other.accountId, `deniz ${i}.jpg`, { kind: 'photo' });

    const query = parse('deniz');
    const base_filter: HitFilter = { dialect, groups: query.groups, owner: me.accountId, shared: false, showHidden: false, showTrashed: false };
    const filters: HitFilter[] = [
      base_filter,
      { ...base_filter, showHidden: true },
      { ...base_filter, kind: 'PHOTO' },
      { ...base_filter, kind: 'DOCUMENT', documentType: 'PDF' },
    ];
    const orders: HitOrder[] = ['relevance', 'name', 'lastModifiedDate', 'takenDate'];
    const pages: Array<[number, number]> = [[0, 10], [10, 10], [25, 20], [40, 20], [60, 10]];
    let compared = 0;
    for (const filter of filters) {
      const walk = new HitReader(t.database.db, filter, query.text, 0);
      const hits = new HitReader(t.database.db, filter, query.text, 1_000_000);
      expect(await walk.counts()).toEqual(await hits.counts());
      for (const order of orders) {
        for (const direction of ['asc', 'desc'] as const) {
          for (const [offset, limit] of pages) {
            const a = await walk.page(order, direction, offset, limit);
            expect(a, `${order} ${direction} ${offset}+${limit}`).toEqual(await hits.page(order, direction, offset, limit));
            compared += a.length;
          }
        }
      }
    }
    // The pages were not all empty: the comparison saw the hits.
    expect(compared).toBeGreaterThan(400);
  });
});
