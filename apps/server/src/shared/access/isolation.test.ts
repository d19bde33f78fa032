import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { NotFound } from '../errors.js';
import { UuidSchema } from '../schemas.js';
import { needsAccess } from './access.plugin.js';
import { audit, keyOf, routeName, twoAccounts } from './isolation.fixtures.js';

/**
 * Generated from the route table: every private route that takes an id is called by account B with account A's id in
 * each id place in turn (B's own ids everywhere else), and must answer 404 and leave A's rows as they were. Id places
 * come from the route's access declaration and, independently, from its schemas, so an undeclared id field fails too.
 */

describe.each(DIALECTS)('access isolation (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it("every route that takes an id answers 404 to another account's id and changes nothing", async () => {
    const { a, b } = await twoAccounts(t);
    const private_ = t.app.routeTable.filter((r) => needsAccess(r));
    // The table is the real one: every module's private routes are in it.
    expect(private_.length).toBeGreaterThan(40);
    const { findings, probes } = await audit(t, a, b);
    expect(findings).toEqual([]);
    // Every declared id place of every route was tried.
    for (const route of private_) {
      for (const source of route.config.access?.ids ?? []) {
        expect(probes).toContain(`${routeName(route)} with A's id in ${keyOf(source)}`);
      }
    }

    // The permission is part of each operation in the OpenAPI document (which leaves HEAD routes out).
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    for (const route of private_.filter((r) => r.method !== 'HEAD')) {
      const operation = spec.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation?.['x-permission'], routeName(route)).toBe(route.config.access?.permission);
    }
  });
});

describe('the isolation audit itself', () => {
  it('flags a route that declares no id, and one that leaves an id field out of its declaration', async () => {
    const t = await startTestApp('sqlite');
    try {
      const planted: FastifyPluginAsync = async (api) => {
        // Declares `self` yet reads any file by id: the classic forgotten ownership check.
        api.get(
          '/test/leak/:uuid',
          { config: { access: { permission: 'self' } }, schema: { params: Type.Object({ uuid: UuidSchema }) } },
          async (req) => {
            const { uuid } = req.params as { uuid: string };
            const row = await t.database.db.selectFrom('file').select('name').where('id', '=', uuid).executeTakeFirst();
            if (!row) throw NotFound();
            return { name: row.name };
          },
        );
        // Checks the album but not the photos it is handed.
        api.post(
          '/test/half/:albumUuid',
          {
            config: { access: { permission: 'album.write', ids: [{ in: 'params', path: 'albumUuid' }] } },
            schema: {
              params: Type.Object({ albumUuid: UuidSchema }),
              body: Type.Object({ photoUuidList: Type.Array(UuidSchema, { minItems: 1 }) }),
            },
          },
          async () => ({ ok: true }),
        );
      };
      await t.app.register(planted, { prefix: '/api' });
      const { a, b } = await twoAccounts(t);
      const { findings } = await audit(t, a, b);
      expect(findings).toEqual([
        'GET /api/test/leak/:uuid: id field params.uuid is not covered by its access declaration',
        expect.stringMatching(/^GET \/api\/test\/leak\/:uuid with A's id in params\.uuid: answered 200 /),
        'HEAD /api/test/leak/:uuid: id field params.uuid is not covered by its access declaration',
        expect.stringMatching(/^HEAD \/api\/test\/leak\/:uuid with A's id in params\.uuid: answered 200/),
        'POST /api/test/half/:albumUuid: id field body.photoUuidList is not covered by its access declaration',
        expect.stringMatching(/^POST \/api\/test\/half\/:albumUuid with A's id in body\.photoUuidList: answered 200 /),
      ]);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a private route that declares no access at all, naming it', async () => {
    const t = await startTestApp('sqlite');
    try {
      const forgotten: FastifyPluginAsync = async (api) => {
        api.get('/test/open/:uuid', { schema: { params: Type.Object({ uuid: UuidSchema }) } }, async () => ({}));
      };
      await expect(
        (async () => {
          await t.app.register(forgotten, { prefix: '/api' });
          await t.app.ready();
        })(),
      ).rejects.toThrow('GET /api/test/open/:uuid declares no access policy');
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
