import { SaxesParser } from 'saxes';

/** The DAV: namespace of RFC 4918. */
export const DAV_NS = 'DAV:';

/** An element of a request body with its namespace resolved: `{DAV:}prop` whatever prefix the client chose. */
export interface XmlElement {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A qualified property name. */
export interface QName {
  ns: string;
  name: string;
}

export const qkey = (q: QName) => `{${q.ns}}${q.name}`;

export class XmlBodyError extends Error {}

/**
 * Parses a DAV request body. saxes never fetches anything and expands no entity but the five predefined ones; a
 * DOCTYPE is refused outright so no internal subset (billion laughs) is even read.
 */
export function parseXml(body: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: Error | null = null;
  parser.on('doctype', () => {
    failure = new XmlBodyError('DOCTYPE is not accepted');
  });
  parser.on('error', (err) => {
    failure ??= new XmlBodyError(err.message);
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attrs[a.local] = a.value;
    const el: XmlElement = { ns: tag.uri ?? '', name: tag.local ?? tag.name, attrs, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (t) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += t;
  });
  parser.on('cdata', (t) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += t;
  });
  try {
    parser.write(body).close();
  } catch (err) {
    failure ??= new XmlBodyError((err as Error).message);
  }
  if (failure) throw failure;
  if (!root) throw new XmlBodyError('no root element');
  return root;
}

export const is = (el: XmlElement | undefined, ns: string, name: string): el is XmlElement => el?.ns === ns && el.name === name;
export const child = (el: XmlElement, ns: string, name: string) => el.children.find((c) => is(c, ns, name));

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Writes elements of any namespace with stable prefixes: D for DAV:, then n0, n1… declared on the element that uses
 * them, so a fragment is valid wherever it is placed.
 */
export class XmlWriter {
  private readonly prefixes = new Map<string, string>([[DAV_NS, 'D']]);

  prefixOf(ns: string): string {
    let p = this.prefixes.get(ns);
    if (!p) {
      p = `n${this.prefixes.size - 1}`;
      this.prefixes.set(ns, p);
    }
    return p;
  }

  /** `inner` is already XML (escaped); null writes an empty element. */
  el(q: QName, inner: string | null = null): string {
    const decl = q.ns === DAV_NS ? '' : q.ns === '' ? ' xmlns=""' : ` xmlns:${this.prefixOf(q.ns)}="${escapeXml(q.ns)}"`;
    const tag = q.ns === '' ? q.name : `${this.prefixOf(q.ns)}:${q.name}`;
    return inner === null || inner === '' ? `<${tag}${decl}/>` : `<${tag}${decl}>${inner}</${tag}>`;
  }

  dav(name: string, inner: string | null = null): string {
    return this.el({ ns: DAV_NS, name }, inner);
  }

  /** An element's content written back self-contained (each child declares its namespace), e.g. a dead property's value. */
  inner(el: XmlElement): string {
    return escapeXml(el.text) + el.children.map((c) => this.el(c, this.inner(c))).join('');
  }
}

export const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';
