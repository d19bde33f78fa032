import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { Unauthorized } from '../errors.js';
import { isConsoleUrl } from '../operator-context.js';
import type { AccessOptions, AccessPolicy } from './access-policy.js';
import { isOperatorPermission, isPermission, type Permission, type ResourceKind, type ResourcePermission, type SubscriberPermission } from './permissions.js';

/** Where in a validated request an id is read from (`query` is the querystring). */
export type RequestPart = 'params' | 'query' | 'headers' | 'body';

/** One place a route reads resource ids from, and what the caller must be allowed to do with them. */
export interface IdSource {
  in: RequestPart;
  /** Dot path inside the part; '' is the part itself; arrays on the way are walked item by item. */
  path: string;
  /** Defaults to the route's permission (e.g. `file.read` on the photos added to an album the route writes). */
  permission?: ResourcePermission;
  /** The id names a folder: '' or an absent value is the account's root, which is always the caller's. */
  folder?: boolean;
  /** A new id the caller proposes (an upload's uuid): unknown is fine, someone else's is not. */
  claim?: boolean;
  /** Idempotent removals: ids the caller may not use are dropped from the request instead of failing it. */
  skipDenied?: boolean;
  /**
   * The permission depends on another value of the request: an album uuid names a person when `contentType` is
   * album/person. A value not in `values` (or absent) keeps the source's own permission.
   */
  permissionBy?: PermissionBy;
}

/** Where the value that picks an id's permission is read, and the permission of each value. */
export interface PermissionBy {
  in: RequestPart;
  path: string;
  values: Readonly<Record<string, ResourcePermission>>;
  /** Denied ids answer with this kind's message whatever the permission picked (the route's own noun). */
  as?: ResourceKind;
}

/** An id-shaped field that is not an access id, with the reason (the isolation test reads these). */
export interface NotAnId {
  in: RequestPart;
  path: string;
  why: string;
}

/** What a route declares next to its schema: `config: { access: { permission, ids } }`. */
export interface AccessDeclaration {
  permission: Permission;
  ids?: readonly IdSource[];
  notIds?: readonly NotAnId[];
}

/** A registered route as the access plugin saw it (the isolation test walks these). */
export interface RouteRecord {
  method: string;
  url: string;
  config: { public?: boolean; signedUrl?: boolean; access?: AccessDeclaration };
  schema: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission this route needs and where its resource ids are; required on every private /api route. */
    access?: AccessDeclaration;
  }
  interface FastifyInstance {
    /** Every route registered after the access plugin, in order. */
    routeTable: readonly RouteRecord[];
  }
}

const SCHEMA_KEY: Record<RequestPart, 'params' | 'querystring' | 'headers' | 'body'> = {
  params: 'params',
  query: 'querystring',
  headers: 'headers',
  body: 'body',
};

const routeName = (route: Pick<RouteOptions, 'method' | 'url'>) => `${[route.method].flat().join(',')} ${route.url}`;

/** A private API route: everything under /api except the documentation, public routes and signed URLs. */
export function needsAccess(route: Pick<RouteOptions, 'url' | 'config'>): boolean {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return false;
  const config = (route.config ?? {}) as { public?: boolean; signedUrl?: boolean };
  return config.public !== true && config.signedUrl !== true;
}

/** Refuses, at start-up, a private route without a declaration or with one that names parts its schema lacks. */
export function checkDeclaration(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>): AccessDeclaration | null {
  if (!needsAccess(route)) return null;
  const access = (route.config as { access?: AccessDeclaration } | undefined)?.access;
  const name = routeName(route);
  if (!access) throw new Error(`${name} declares no access policy: add config.access { permission, ids } or mark it public`);
  if (!isPermission(access.permission)) throw new Error(`${name} declares an unknown permission ${String(access.permission)}`);
  // The two principals never share a route: console routes ask operator permissions, all others subscriber ones.
  if (isConsoleUrl(route.url) !== isOperatorPermission(access.permission)) {
    throw new Error(`${name}: ${isConsoleUrl(route.url) ? 'a console route needs an ops.* permission' : 'ops.* permissions belong to /api/ops routes'}`);
  }
  // An operator's role grants its permission across every account; there are no ids to check against an owner.
  if (isOperatorPermission(access.permission) && access.ids?.length) throw new Error(`${name}: operator permissions take no resource ids`);
  const sources = access.ids ?? [];
  if (access.permission === 'self' && sources.some((s) => s.permission === undefined)) {
    throw new Error(`${name}: ids of a self route need their own permission`);
  }
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  for (const source of [...sources, ...(access.notIds ?? [])]) {
    if (!schema[SCHEMA_KEY[source.in]]) throw new Error(`${name} reads ids from ${source.in}, which its schema does not declare`);
  }
  for (const source of sources) {
    if (
      source.permission !== undefined &&
      (!isPermission(source.permission) || isOperatorPermission(source.permission) || (source.permission as Permission) === 'self')
    ) {
      throw new Error(`${name} declares an unknown id permission ${String(source.permission)}`);
    }
    if (source.claim && source.skipDenied) throw new Error(`${name}: an id is either claimed or skipped, not both`);
    const by = source.permissionBy;
    if (by) {
      if (!schema[SCHEMA_KEY[by.in]]) throw new Error(`${name} picks a permission from ${by.in}, which its schema does not declare`);
      for (const p of Object.values(by.values)) {
        if (!isPermission(p) || isOperatorPermission(p) || (p as Permission) === 'self') throw new Error(`${name} declares an unknown id permission ${String(p)}`);
      }
    }
  }
  return access;
}

/** Enforces every route's declaration before its handler runs; registered once, before the feature modules. */
const plugin: FastifyPluginAsync<{ policy: AccessPolicy }> = async (app: FastifyInstance, { policy }) => {
  const table: RouteRecord[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const access = checkDeclaration(route);
    // A shallow copy: several routes may share one schema object.
    if (access) route.schema = { ...route.schema, 'x-permission': access.permission } as typeof route.schema;
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, config: route.config ?? {}, schema: (route.schema ?? {}) as Record<string, unknown> });
    }
  });
  // A callback hook: a route without ids (most reads of one's own account) passes without a promise.
  app.addHook('preHandler', (req, _reply, done) => {
    const access = req.routeOptions.config.access;
    if (!access) return done();
    if (isOperatorPermission(access.permission)) {
      try {
        policy.requireOperator(req.operator, access.permission);
      } catch (err) {
        return done(err as Error);
      }
      return done();
    }
    // Fail closed: a route that names resources never runs without a caller to check them against.
    if (!req.auth) return done(Unauthorized());
    if (!access.ids?.length) return done();
    enforce(policy, req, access as AccessDeclaration & { permission: SubscriberPermission }).then(() => done(), done);
  });
};
// Hooks on the root instance, so they reach the routes of every module registered after it.
Object.assign(plugin, { [Symbol.for('skip-override')]: true });
export const accessPlugin = plugin;

async function enforce(policy: AccessPolicy, req: FastifyRequest, access: AccessDeclaration & { permission: SubscriberPermission }): Promise<void> {
  const auth = req.auth!;
  const groups = new Map<string, { permission: SubscriberPermission; opts: AccessOptions; ids: string[] }>();
  for (const source of access.ids ?? []) {
    const permission = permissionOf(req, source, access.permission);
    const opts: AccessOptions = { claim: source.claim === true, folder: source.folder === true, as: source.permissionBy?.as };
    const segments = source.path === '' ? [] : source.path.split('.');
    const part = (req as unknown as Record<RequestPart, unknown>)[source.in];
    let ids: string[];
    if (source.skipDenied) {
      const granted = await policy.checkAccess(auth, permission, collect(part, segments), opts);
      // What cannot be dropped (a single value rather than a list) is refused like any denied id.
      ids = dropDenied(part, segments, (id) => granted.has(id));
    } else {
      ids = collect(part, segments);
    }
    if (source.folder) ids = ids.filter((id) => id !== '');
    const key = `${permission}/${opts.claim}/${opts.folder}/${opts.as}`;
    const group = groups.get(key) ?? { permission, opts, ids: [] };
    group.ids.push(...ids);
    groups.set(key, group);
  }
  for (const { permission, opts, ids } of groups.values()) await policy.requireAccess(auth, permission, ids, opts);
}

/** The permission an id source asks for in this request: picked by another request value, else declared. */
function permissionOf(req: FastifyRequest, source: IdSource, routePermission: SubscriberPermission): SubscriberPermission {
  const by = source.permissionBy;
  if (by) {
    const [value] = collect((req as unknown as Record<RequestPart, unknown>)[by.in], by.path === '' ? [] : by.path.split('.'));
    if (value !== undefined && Object.prototype.hasOwnProperty.call(by.values, value)) return by.values[value]!;
  }
  return source.permission ?? routePermission;
}

/** The string values at this path; arrays on the way are walked item by item. */
export function collect(value: unknown, segments: readonly string[]): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => collect(v, segments));
  if (segments.length === 0) return typeof value === 'string' ? [value] : [];
  if (value === null || typeof value !== 'object') return [];
  return collect((value as Record<string, unknown>)[segments[0]!], segments.slice(1));
}

/** Removes denied ids from the lists at this path, in place; returns single values, which cannot be removed. */
function dropDenied(value: unknown, segments: readonly string[], keep: (id: string) => boolean): string[] {
  if (segments.length === 0) {
    if (!Array.isArray(value)) return typeof value === 'string' ? [value] : [];
    const kept = value.filter((v) => typeof v !== 'string' || keep(v));
    value.splice(0, value.length, ...kept);
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((v) => dropDenied(v, segments, keep));
  if (value === null || typeof value !== 'object') return [];
  return dropDenied((value as Record<string, unknown>)[segments[0]!], segments.slice(1), keep);
}
