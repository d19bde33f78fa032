import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { NotFound } from '../errors.js';
import { UuidSchema } from '../schemas.js';
import { checkDeclaration, needsAccess } from './access.plugin.js';
import { audit, keyOf, operatorMatrix, routeName, twoAccounts } from '../../test/isolation.fixtures.js';
import { signedInAdmin, signedInOperator } from '../../test/operators.fixtures.js';
import { signUp } from '../../test/harness.js';
import { isConsoleUrl } from '../operator-context.js';
import { OPERATOR_ROLES, roleAllows } from './operator-roles.js';
import { isOperatorPermission } from './permissions.js';

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

    // The permission is part of each operation in the OpenAPI document (which leaves HEAD and hidden routes out).
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    for (const route of private_.filter((r) => r.method !== 'HEAD' && (r.schema as { hide?: boolean }).hide !== true)) {
      const operation = spec.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation?.['x-permission'], routeName(route)).toBe(route.config.access?.permission);
    }
  });
});

describe.each(DIALECTS)('operator role matrix (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('console routes: 404 to a subscriber, 403 to a role without the permission; subscriber routes: 401/404 to an operator', async () => {
    const subscriber = await signUp(t);
    const admin = await signedInAdmin(t);
    const operators = {
      admin: admin.token,
      support: (await signedInOperator(t, admin, 'support')).token,
      marketing: (await signedInOperator(t, admin, 'marketing')).token,
      finance: (await signedInOperator(t, admin, 'finance')).token,
    };
    const { findings, probes } = await operatorMatrix(t, subscriber.token, operators);
    expect(findings).toEqual([]);

    const console_ = t.app.routeTable.filter((r) => needsAccess(r) && isConsoleUrl(r.url));
    // The console's own routes are in the table (operators, audit; other modules add theirs).
    expect(console_.length).toBeGreaterThanOrEqual(8);
    for (const route of console_) {
      expect(probes).toContain(`${routeName(route)} as a subscriber`);
      const permission = route.config.access!.permission;
      expect(isOperatorPermission(permission), routeName(route)).toBe(true);
      for (const role of OPERATOR_ROLES) {
        if (!roleAllows(role, permission as never)) expect(probes).toContain(`${routeName(route)} as ${role}`);
      }
    }
    // Every subscriber route was tried with an operator's token of each role.
    const subscriberRoutes = t.app.routeTable.filter((r) => needsAccess(r) && !isConsoleUrl(r.url));
    expect(subscriberRoutes.length).toBeGreaterThan(40);
    for (const route of subscriberRoutes) expect(probes).toContain(`${routeName(route)} as an operator`);
    // Sessions are left as they were: the admin is still signed in.
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/me', headers: { 'x-auth-token': admin.token } })).statusCode).toBe(200);
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

  it('refuses a console route with a subscriber permission, a subscriber route with an ops permission, and ids on ops routes', () => {
    const params = Type.Object({ uuid: UuidSchema });
    expect(() => checkDeclaration({ method: 'GET', url: '/api/ops/test', config: { access: { permission: 'self' } } })).toThrow(
      'GET /api/ops/test: a console route needs an ops.* permission',
    );
    expect(() => checkDeclaration({ method: 'GET', url: '/api/test', config: { access: { permission: 'ops.self' } } })).toThrow(
      'GET /api/test: ops.* permissions belong to /api/ops routes',
    );
    expect(() =>
      checkDeclaration({
        method: 'GET',
        url: '/api/ops/test/:uuid',
        config: { access: { permission: 'ops.subscriber.read', ids: [{ in: 'params', path: 'uuid' }] } },
        schema: { params },
      }),
    ).toThrow('operator permissions take no resource ids');
    expect(checkDeclaration({ method: 'GET', url: '/api/ops/test/:uuid', config: { access: { permission: 'ops.subscriber.read' } }, schema: { params } })).toEqual({
      permission: 'ops.subscriber.read',
    });
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
