import { BadRequestDav } from './dav-errors.js';
import { child, DAV_NS, escapeXml, is, qkey, type QName, type XmlElement, type XmlWriter } from './dav-xml.js';
import type { DavLock } from './dav-locks.js';

/** A resource as the protocol layer sees it; the mount decides what it is (a file, a card…). */
export interface DavResource {
  /** Normalised path inside the principal's namespace: "/" or "/a/b". */
  path: string;
  /** Stable id (dead properties follow a resource across MOVE). */
  id: string;
  collection: boolean;
  /** Quoted strong entity tag; null for collections. */
  etag: string | null;
  createdAt: number;
  lastModifiedAt: number;
  contentLength: number | null;
  contentType: string | null;
  displayName: string;
}

/** A dead property: any name a client sets with PROPPATCH, kept as written (value is self-contained XML). */
export interface DeadProperty extends QName {
  value: string;
}

export type PropfindRequest = { kind: 'allprop'; include: QName[] } | { kind: 'propname' } | { kind: 'prop'; props: QName[] };

/** An empty body means allprop (Windows' mini-redirector sends none). */
export function parsePropfind(root: XmlElement | null): PropfindRequest {
  if (!root) return { kind: 'allprop', include: [] };
  if (!is(root, DAV_NS, 'propfind')) throw BadRequestDav('Expected a propfind element.');
  const prop = child(root, DAV_NS, 'prop');
  if (prop) return { kind: 'prop', props: prop.children.map(({ ns, name }) => ({ ns, name })) };
  if (child(root, DAV_NS, 'propname')) return { kind: 'propname' };
  if (child(root, DAV_NS, 'allprop')) {
    const include = child(root, DAV_NS, 'include');
    return { kind: 'allprop', include: include?.children.map(({ ns, name }) => ({ ns, name })) ?? [] };
  }
  throw BadRequestDav('propfind needs prop, propname or allprop.');
}

export interface PropPatchOp {
  set: boolean;
  prop: DeadProperty;
}

/** set/remove instructions in document order (RFC 4918 §9.2: applied in order, all or nothing). */
export function parsePropPatch(root: XmlElement, w: XmlWriter): PropPatchOp[] {
  if (!is(root, DAV_NS, 'propertyupdate')) throw BadRequestDav('Expected a propertyupdate element.');
  const ops: PropPatchOp[] = [];
  for (const instruction of root.children) {
    const set = is(instruction, DAV_NS, 'set');
    if (!set && !is(instruction, DAV_NS, 'remove')) continue;
    const prop = child(instruction, DAV_NS, 'prop');
    for (const p of prop?.children ?? []) ops.push({ set, prop: { ns: p.ns, name: p.name, value: set ? w.inner(p) : '' } });
  }
  if (ops.length === 0) throw BadRequestDav('propertyupdate names no property.');
  return ops;
}

/** Extra live properties a mount adds (quota of RFC 4331, a CardDAV address book's…), already written as XML. */
export type ExtraProps = (resource: DavResource) => Promise<Map<string, { q: QName; xml: string }>>;

const LIVE = ['resourcetype', 'getetag', 'getlastmodified', 'getcontentlength', 'getcontenttype', 'creationdate', 'displayname', 'supportedlock', 'lockdiscovery'];
export const PROTECTED = new Set(LIVE.map((name) => qkey({ ns: DAV_NS, name })));

const lockEntry = (scope: string) => `<D:lockentry><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>`;
/** The same for every resource (DAV: is always prefix D): written once, not once per member of a listing. */
const SUPPORTED_LOCK = lockEntry('exclusive') + lockEntry('shared');

/** The live properties of RFC 4918 §15 for one resource, each as inner XML. */
export function liveProps(r: DavResource, locks: readonly DavLock[], w: XmlWriter, hrefOf: (path: string) => string): Map<string, { q: QName; xml: string }> {
  const out = new Map<string, { q: QName; xml: string }>();
  const put = (name: string, xml: string | null) => {
    if (xml !== null) out.set(qkey({ ns: DAV_NS, name }), { q: { ns: DAV_NS, name }, xml });
  };
  put('resourcetype', r.collection ? w.dav('collection') : '');
  put('getetag', r.etag === null ? null : escapeXml(r.etag));
  put('getlastmodified', new Date(r.lastModifiedAt).toUTCString());
  put('creationdate', new Date(r.createdAt).toISOString());
  put('displayname', escapeXml(r.displayName));
  put('getcontentlength', r.collection ? null : String(r.contentLength ?? 0));
  put('getcontenttype', r.collection || !r.contentType ? null : escapeXml(r.contentType));
  put('supportedlock', SUPPORTED_LOCK);
  put('lockdiscovery', locks.map((l) => activeLock(l, w, hrefOf)).join(''));
  return out;
}

export function activeLock(l: DavLock, w: XmlWriter, hrefOf: (path: string) => string): string {
  return w.dav(
    'activelock',
    w.dav('locktype', w.dav('write')) +
      w.dav('lockscope', w.dav(l.exclusive ? 'exclusive' : 'shared')) +
      w.dav('depth', l.depth === 0 ? '0' : 'infinity') +
      (l.ownerXml ? w.dav('owner', l.ownerXml) : '') +
      w.dav('timeout', `Second-${l.timeoutSeconds}`) +
      w.dav('locktoken', w.dav('href', escapeXml(l.token))) +
      w.dav('lockroot', w.dav('href', escapeXml(hrefOf(l.path)))),
  );
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 424: 'Failed Dependency', 507: 'Insufficient Storage' };
export const statusLine = (status: number) => `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}`.trimEnd();

/** One `response` of a multistatus: props grouped by status. */
export function propResponse(w: XmlWriter, href: string, groups: ReadonlyMap<number, string[]>): string {
  let inner = w.dav('href', escapeXml(href));
  for (const [status, props] of groups) {
    if (props.length === 0) continue;
    inner += w.dav('propstat', w.dav('prop', props.join('')) + w.dav('status', statusLine(status)));
  }
  return w.dav('response', inner);
}

/** The answer to a PROPFIND for one resource. */
export function propfindResponse(
  req: PropfindRequest,
  w: XmlWriter,
  href: string,
  live: Map<string, { q: QName; xml: string }>,
  dead: readonly DeadProperty[],
): string {
  const found: string[] = [];
  const missing: string[] = [];
  const all = new Map(live);
  for (const d of dead) all.set(qkey(d), { q: d, xml: d.value });
  if (req.kind === 'propname') {
    for (const { q } of all.values()) found.push(w.el(q));
  } else if (req.kind === 'allprop') {
    for (const { q, xml } of all.values()) found.push(w.el(q, xml));
  } else {
    for (const q of req.props) {
      const p = all.get(qkey(q));
      if (p) found.push(w.el(q, p.xml));
      else missing.push(w.el(q));
    }
  }
  return propResponse(
    w,
    href,
    new Map([
      [200, found],
      [404, missing],
    ]),
  );
}
