import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rawBodies } from '../http/raw-body.js';
import { BadRequestDav, DavError } from './dav-errors.js';
import { checkEtagHeaders, decodePath, parseDepth, parseIf, parseTimeout, propfindDepth, type IfList } from './dav-headers.js';
import { isUnder, LockManager, type LockStore } from './dav-locks.js';
import {
  activeLock,
  liveProps,
  parsePropfind,
  parsePropPatch,
  PROTECTED,
  propfindResponse,
  propResponse,
  type DavResource,
  type DeadProperty,
  type ExtraProps,
} from './dav-props.js';
import { child, DAV_NS, is, parseXml, qkey, XML_HEAD, XmlBodyError, XmlWriter, type XmlElement } from './dav-xml.js';

/** Whom a request acts for; `scopeId` separates principals' namespaces (locks, properties). */
export interface DavPrincipal {
  scopeId: string;
}

/** Dead properties, kept per resource id so they follow a MOVE. */
export interface PropertyStore {
  list(scopeId: string, ids: readonly string[]): Promise<Map<string, DeadProperty[]>>;
  /** Applies sets and removals together (one transaction). */
  patch(scopeId: string, id: string, set: readonly DeadProperty[], remove: readonly DeadProperty[]): Promise<void>;
}

/** What a mount knows about its resources; everything protocol-level (XML, locks, depth) stays in this layer. */
export interface DavTree<P extends DavPrincipal> {
  stat(p: P, path: string): Promise<DavResource | null>;
  /** Members of a collection, streamed (a folder may hold tens of thousands). */
  children(p: P, dir: DavResource): AsyncIterable<DavResource>;
  /** Live properties beyond RFC 4918's, per resource (quota, address-book data…). */
  extraProps?: (p: P) => ExtraProps;
  /** LOCK on an unmapped name creates an empty resource there (RFC 4918 §9.10.4). */
  createEmpty(p: P, path: string): Promise<void>;
  /**
   * PROPPATCH values the mount applies itself rather than keeping them dead (a client's file time); returns the keys
   * (`{ns}name`) it took. Called before the dead properties are written.
   */
  applyProps?(p: P, r: DavResource, set: readonly DeadProperty[]): Promise<Set<string>>;
}

/** What a mount's own method handlers get: the parsed request and the layer's checks. */
export interface DavContext<P extends DavPrincipal> {
  req: FastifyRequest;
  reply: FastifyReply;
  principal: P;
  path: string;
  ifLists: IfList[];
  resource: DavResource | null;
  hrefOf(path: string, collection?: boolean): string;
  /** 423 unless the request submits the tokens of locks protecting these changes; 412 when the If header fails. */
  assertWritable(changes: ReadonlyArray<{ path: string; subtree: boolean }>): Promise<void>;
  locks: LockManager;
}

export type DavHandler<P extends DavPrincipal> = (ctx: DavContext<P>) => Promise<unknown>;

export interface DavMountOptions<P extends DavPrincipal> {
  /** Where the mount answers, e.g. "/dav/files" (no trailing slash). */
  prefix: string;
  authenticate(req: FastifyRequest): Promise<P>;
  tree: DavTree<P>;
  properties: PropertyStore;
  lockStore: LockStore;
  /** Method handlers the mount implements (GET, HEAD, PUT, DELETE, MKCOL, COPY, MOVE, REPORT…). */
  methods: Record<string, DavHandler<P>>;
  /** DAV classes for the DAV header ("1, 2", "1, 2, addressbook"…). */
  classes: string;
  /** Turns a mount's own error into a protocol answer (e.g. the product's quota refusal into 507), else null. */
  mapError?: (err: unknown) => DavError | null;
  clock?: () => number;
  /** Members a PROPFIND reads and writes at a time (their dead properties in one query); default PAGE_SIZE. */
  pageSize?: number;
}

const BODY_METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'LOCK', 'REPORT'];
const BODYLESS_METHODS = ['COPY', 'MOVE', 'UNLOCK'];
const MAX_XML_BYTES = 1024 * 1024;
/** Members a PROPFIND renders at a time: one page of dead properties per query, one chunk of XML per page. */
export const PAGE_SIZE = 200;
/** Bytes a streamed answer keeps rendered ahead of the socket: below one page, so the next waits for the socket. */
const STREAM_AHEAD_BYTES = 16 * 1024;
/** Characters of XML per written part: small enough to stay a young-generation string (V8 puts ≥ 128 KiB ones in large-object space). */
const CHUNK_CHARS = 32 * 1024;

export function registerDavMethods(app: FastifyInstance): void {
  for (const m of BODY_METHODS) if (!app.supportedMethods.includes(m)) app.addHttpMethod(m, { hasBody: true });
  for (const m of BODYLESS_METHODS) if (!app.supportedMethods.includes(m)) app.addHttpMethod(m);
}

/** Normalises a request path inside a mount: "/" or "/a/b"; dot segments refused. */
export function mountPath(url: string, prefix: string): string {
  const pathname = url.split('?')[0]!;
  if (!pathname.startsWith(prefix)) throw BadRequestDav('Outside the mount.');
  return normalise(decodePath(pathname.slice(prefix.length)));
}

export function normalise(path: string): string {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) throw BadRequestDav('Dot segments are not allowed.');
  return `/${segments.join('/')}`;
}

/** Registers one DAV mount in an encapsulated context: every method on the prefix and below. */
export async function registerDavMount<P extends DavPrincipal>(app: FastifyInstance, o: DavMountOptions<P>): Promise<void> {
  registerDavMethods(app);
  await app.register(async (dav) => {
    rawBodies(dav);
    const locks = new LockManager(o.lockStore, o.clock);
    const hrefOf = (path: string, collection = false) => {
      const encoded = path === '/' ? '/' : path.split('/').map(encodeURIComponent).join('/');
      return `${o.prefix}${encoded}${collection && path !== '/' ? '/' : ''}`;
    };
    const allowed = ['OPTIONS', 'PROPFIND', 'PROPPATCH', 'LOCK', 'UNLOCK', ...Object.keys(o.methods)];

    dav.setErrorHandler(async (err, req, reply) => {
      const mapped = err instanceof DavError ? err : err instanceof XmlBodyError ? BadRequestDav(err.message) : (o.mapError?.(err) ?? null);
      if (!mapped) throw err;
      if (mapped.status === 401) reply.header('www-authenticate', 'Basic realm="Bulut", charset="UTF-8"');
      const body = mapped.body();
      if (!req.raw.complete) reply.header('connection', 'close');
      return reply
        .status(mapped.status)
        .type(body ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8')
        .send(body ?? mapped.message);
    });

    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const method = req.method.toUpperCase();
      if (method === 'OPTIONS') {
        // Clients probe before they authenticate (Windows' mini-redirector does): the capabilities are no secret.
        return reply.status(200).header('dav', o.classes).header('ms-author-via', 'DAV').header('allow', allowed.join(', ')).send();
      }
      const principal = await o.authenticate(req);
      const path = mountPath(req.url, o.prefix);
      const ifLists = parseIf(header(req, 'if'));
      const resource = await o.tree.stat(principal, path);
      const ctx: DavContext<P> = {
        req,
        reply,
        principal,
        path,
        ifLists,
        resource,
        hrefOf,
        locks,
        assertWritable: async (changes) => {
          await locks.assertIfHolds(principal.scopeId, ifLists, async (href) => {
            if (href === null) return resource?.etag ?? null;
            return (await o.tree.stat(principal, mountPath(new URL(href, 'http://x').pathname, o.prefix)))?.etag ?? null;
          });
          await locks.assertUnlocked(principal.scopeId, changes, ifLists);
        },
      };
      switch (method) {
        case 'PROPFIND':
          return propfind(ctx, o, await readXml(req));
        case 'PROPPATCH':
          return proppatch(ctx, o, await readXml(req));
        case 'LOCK':
          return lock(ctx, o, await readXml(req));
        case 'UNLOCK':
          return unlock(ctx);
      }
      const handler = o.methods[method];
      if (!handler) return reply.status(405).header('allow', allowed.join(', ')).send();
      if (method !== 'GET' && method !== 'HEAD') checkEtagHeaders(header(req, 'if-match'), header(req, 'if-none-match'), resource?.etag ?? null);
      return handler(ctx);
    };
    const methods = ['OPTIONS', 'PROPFIND', 'PROPPATCH', 'LOCK', 'UNLOCK', ...Object.keys(o.methods)];
    for (const url of [o.prefix, `${o.prefix}/*`]) {
      // Not part of the JSON API's OpenAPI document: DAV is described by its RFCs.
      dav.route({ method: methods, url, bodyLimit: 50 * 1024 ** 3, exposeHeadRoute: false, schema: { hide: true }, handler: handle });
    }
  });
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

/** Reads a small XML body (PROPFIND, PROPPATCH, LOCK); an empty one is null. */
export async function readXml(req: FastifyRequest): Promise<XmlElement | null> {
  const text = (await readSmallBody(req, MAX_XML_BYTES, 'The XML body is too large.'))?.toString('utf8') ?? '';
  return text.trim() === '' ? null : parseXml(text);
}

/** A small request body whole (XML, a vCard); null when there is none; 413 past `max` bytes. */
export async function readSmallBody(req: FastifyRequest, max: number, tooLarge: string): Promise<Buffer | null> {
  const body = req.body;
  if (!(body instanceof Readable)) return null;
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) throw new DavError(413, null, tooLarge);
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

async function propfind<P extends DavPrincipal>(ctx: DavContext<P>, o: DavMountOptions<P>, body: XmlElement | null) {
  const depth = propfindDepth(header(ctx.req, 'depth'));
  const request = parsePropfind(body);
  const root = ctx.resource;
  if (!root) throw new DavError(404, null, 'Not found.');
  const w = new XmlWriter();
  const extra = o.tree.extraProps?.(ctx.principal);
  const locksAt = request.kind === 'allprop' || wants(request, 'lockdiscovery') ? await ctx.locks.activeIndex(ctx.principal.scopeId) : () => [];
  /** A page's responses, in parts of about CHUNK_CHARS (one big string would be a large V8 object, freed only by a full GC). */
  const render = async (batch: DavResource[]) => {
    const dead = await o.properties.list(ctx.principal.scopeId, batch.map((r) => r.id));
    const parts: string[] = [];
    let out = '';
    for (const r of batch) {
      const live = liveProps(r, locksAt(r.path), w, ctx.hrefOf);
      if (extra) for (const [k, v] of await extra(r)) live.set(k, v);
      out += propfindResponse(request, w, ctx.hrefOf(r.path, r.collection), live, dead.get(r.id) ?? []);
      if (out.length >= CHUNK_CHARS) {
        parts.push(out);
        out = '';
      }
    }
    if (out !== '') parts.push(out);
    return parts;
  };
  const pageSize = o.pageSize ?? PAGE_SIZE;
  async function* document() {
    yield `${XML_HEAD}<D:multistatus xmlns:D="DAV:">`;
    yield* await render([root!]);
    if (depth === 1 && root!.collection) {
      let page: DavResource[] = [];
      for await (const r of o.tree.children(ctx.principal, root!)) {
        page.push(r);
        if (page.length >= pageSize) {
          yield* await render(page);
          page = [];
        }
      }
      if (page.length > 0) yield* await render(page);
    }
    yield '</D:multistatus>';
  }
  return ctx.reply.status(207).type('application/xml; charset=utf-8').send(streamedXml(document()));
}

/**
 * An answer written part by part with backpressure: the next part is rendered (and its rows read) only when the
 * socket has taken the last one, so a PROPFIND of 50,000 members holds about one page, not the whole answer.
 * (Readable.from's default object mode would render 16 parts ahead of a slow client.)
 */
export function streamedXml(parts: AsyncIterable<string>): Readable {
  async function* bytes() {
    for await (const part of parts) if (part !== '') yield Buffer.from(part, 'utf8');
  }
  return Readable.from(bytes(), { objectMode: false, highWaterMark: STREAM_AHEAD_BYTES });
}

const wants = (r: ReturnType<typeof parsePropfind>, name: string) => r.kind === 'prop' && r.props.some((q) => q.ns === DAV_NS && q.name === name);

async function proppatch<P extends DavPrincipal>(ctx: DavContext<P>, o: DavMountOptions<P>, body: XmlElement | null) {
  if (!body) throw BadRequestDav('PROPPATCH needs a body.');
  if (!ctx.resource) throw new DavError(404, null, 'Not found.');
  await ctx.assertWritable([{ path: ctx.path, subtree: false }]);
  const w = new XmlWriter();
  const ops = parsePropPatch(body, w);
  const refused = ops.filter((op) => PROTECTED.has(qkey(op.prop)));
  const names = (list: typeof ops) => list.map((op) => w.el(op.prop));
  let groups: Map<number, string[]>;
  if (refused.length > 0) {
    // All or nothing: a protected property refuses the whole request, the others fail as its dependants.
    groups = new Map([
      [403, names(refused)],
      [424, names(ops.filter((op) => !refused.includes(op)))],
    ]);
  } else {
    // Later instructions win over earlier ones for the same name (document order).
    const last = new Map(ops.map((op) => [qkey(op.prop), op]));
    const final = [...last.values()];
    const sets = final.filter((op) => op.set).map((op) => op.prop);
    const applied = (await o.tree.applyProps?.(ctx.principal, ctx.resource, sets)) ?? new Set<string>();
    await o.properties.patch(ctx.principal.scopeId, ctx.resource.id, sets.filter((d) => !applied.has(qkey(d))), final.filter((op) => !op.set).map((op) => op.prop));
    groups = new Map([[200, names(ops)]]);
  }
  const xml = `${XML_HEAD}<D:multistatus xmlns:D="DAV:">${propResponse(w, ctx.hrefOf(ctx.path, ctx.resource.collection), groups)}</D:multistatus>`;
  return ctx.reply.status(207).type('application/xml; charset=utf-8').send(xml);
}

async function lock<P extends DavPrincipal>(ctx: DavContext<P>, o: DavMountOptions<P>, body: XmlElement | null) {
  const { principal, path } = ctx;
  const timeout = parseTimeout(header(ctx.req, 'timeout'), ctx.locks.maxSeconds, ctx.locks.defaultSeconds);
  const w = new XmlWriter();
  const answer = (status: number, l: Parameters<typeof activeLock>[0]) =>
    ctx.reply
      .status(status)
      .header('lock-token', `<${l.token}>`)
      .type('application/xml; charset=utf-8')
      .send(`${XML_HEAD}<D:prop xmlns:D="DAV:">${w.dav('lockdiscovery', activeLock(l, w, (p) => ctx.hrefOf(p)))}</D:prop>`);
  if (!body) {
    if (!ctx.resource) throw new DavError(404, null, 'Not found.');
    return answer(200, await ctx.locks.refresh(principal.scopeId, path, ctx.ifLists, timeout));
  }
  if (!is(body, DAV_NS, 'lockinfo')) throw BadRequestDav('Expected a lockinfo element.');
  const scope = child(body, DAV_NS, 'lockscope');
  const exclusive = scope ? Boolean(child(scope, DAV_NS, 'exclusive')) : true;
  const owner = child(body, DAV_NS, 'owner');
  const depth = parseDepth(header(ctx.req, 'depth'), 'infinity');
  if (depth === 1) throw BadRequestDav('LOCK Depth must be 0 or infinity.');
  // Creating the name needs the parent's lock token like any other new member.
  await ctx.assertWritable(ctx.resource ? [] : [{ path, subtree: false }]);
  const created = await ctx.locks.create({
    scopeId: principal.scopeId,
    path,
    depth: ctx.resource?.collection ? depth : 0,
    exclusive,
    ownerXml: owner ? w.inner(owner) : '',
    timeoutSeconds: timeout,
  });
  if (ctx.resource) return answer(200, created);
  try {
    await o.tree.createEmpty(principal, path);
  } catch (err) {
    await ctx.locks.unlock(principal.scopeId, path, created.token).catch(() => undefined);
    throw err;
  }
  return answer(201, created);
}

async function unlock<P extends DavPrincipal>(ctx: DavContext<P>) {
  const raw = header(ctx.req, 'lock-token')?.trim();
  const token = raw && /^<.*>$/.test(raw) ? raw.slice(1, -1) : null;
  if (!token) throw BadRequestDav('Lock-Token is required.');
  await ctx.locks.unlock(ctx.principal.scopeId, ctx.path, token);
  return ctx.reply.status(204).send();
}

export { isUnder };
