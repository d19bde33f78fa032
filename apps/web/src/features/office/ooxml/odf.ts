import { child, descendants, elements, OoxmlPackage, type XmlCodec } from './package';

// What the three OpenDocument editors share: the namespaces, the package's content.xml, and the automatic styles that
// carry character formatting (ODF puts bold/italic/underline in a named style, not on the run).

export const NS = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  style: 'urn:oasis:names:tc:opendocument:xmlns:style:1.0',
  fo: 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0',
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  svg: 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0',
  xlink: 'http://www.w3.org/1999/xlink',
} as const;

export const CONTENT = 'content.xml';
const STYLES = 'styles.xml';

export function openOdf(bytes: Uint8Array, xml?: XmlCodec): OoxmlPackage {
  const pkg = OoxmlPackage.open(bytes, xml);
  if (!pkg.has(CONTENT)) throw new Error('Not an OpenDocument package (no content.xml)');
  return pkg;
}

/** An attribute in one of the ODF namespaces (xmldom and the browser both answer '' or null when absent). */
export function attr(el: Element, ns: keyof typeof NS, name: string): string | null {
  const v = el.getAttributeNS(NS[ns], name);
  return v === '' && !el.hasAttributeNS(NS[ns], name) ? null : v;
}

export function setAttr(el: Element, ns: keyof typeof NS, name: string, value: string): void {
  el.setAttributeNS(NS[ns], `${ns}:${name}`, value);
}

/** The office:body's one child (office:text, office:spreadsheet or office:presentation). */
export function bodyOf(pkg: OoxmlPackage, kind: 'text' | 'spreadsheet' | 'presentation', edit = false): Element {
  const root = (edit ? pkg.edit(CONTENT) : pkg.doc(CONTENT)).documentElement;
  const body = child(root, 'body');
  const out = body && child(body, kind);
  if (!out) throw new Error(`No office:${kind} in content.xml`);
  return out;
}

export interface CharFormat {
  b: boolean;
  i: boolean;
  u: boolean;
}

/** Text styles by name (automatic ones in content.xml, then common ones in styles.xml), resolved with their parents. */
export function textStyles(pkg: OoxmlPackage): (name: string | null) => CharFormat {
  const byName = new Map<string, Element>();
  const collect = (doc: Document) => {
    for (const s of descendants(doc.documentElement, 'style')) {
      if (s.namespaceURI !== NS.style) continue;
      const name = attr(s, 'style', 'name');
      if (name && !byName.has(name)) byName.set(name, s);
    }
  };
  collect(pkg.doc(CONTENT));
  if (pkg.has(STYLES)) collect(pkg.doc(STYLES));
  const cache = new Map<string, CharFormat>();
  const resolve = (name: string | null, depth = 0): CharFormat => {
    if (!name || depth > 8) return { b: false, i: false, u: false };
    const hit = cache.get(name);
    if (hit) return hit;
    const s = byName.get(name);
    const parent = resolve(s ? attr(s, 'style', 'parent-style-name') : null, depth + 1);
    const props = s && child(s, 'text-properties');
    const weight = props && attr(props, 'fo', 'font-weight');
    const style = props && attr(props, 'fo', 'font-style');
    const underline = props && attr(props, 'style', 'text-underline-style');
    const out = {
      b: weight ? weight === 'bold' || Number(weight) >= 600 : parent.b,
      i: style ? style === 'italic' || style === 'oblique' : parent.i,
      u: underline ? underline !== 'none' : parent.u,
    };
    cache.set(name, out);
    return out;
  };
  return resolve;
}

/** The outline level a paragraph style gives (a heading style, or one derived from it), or 0. */
export function outlineLevels(pkg: OoxmlPackage): (name: string | null) => number {
  const byName = new Map<string, Element>();
  for (const path of [CONTENT, STYLES]) {
    if (!pkg.has(path)) continue;
    for (const s of descendants(pkg.doc(path).documentElement, 'style'))
      if (s.namespaceURI === NS.style && attr(s, 'style', 'family') === 'paragraph') {
        const name = attr(s, 'style', 'name');
        if (name && !byName.has(name)) byName.set(name, s);
      }
  }
  const level = (name: string | null, depth = 0): number => {
    if (!name || depth > 8) return 0;
    const heading = /^Heading_20_(\d)$/.exec(name);
    if (heading) return Number(heading[1]);
    const s = byName.get(name);
    if (!s) return 0;
    const own = Number(attr(s, 'style', 'default-outline-level') ?? '');
    return own > 0 ? own : level(attr(s, 'style', 'parent-style-name'), depth + 1);
  };
  return level;
}

/** The automatic text style for a combination of marks, added to content.xml once; its name. */
export function ensureTextStyle(content: Document, fmt: CharFormat): string {
  const name = `BulutT${fmt.b ? 'b' : ''}${fmt.i ? 'i' : ''}${fmt.u ? 'u' : ''}`;
  const styles = automaticStyles(content);
  if (elements(styles, 'style').some((s) => attr(s, 'style', 'name') === name)) return name;
  const s = content.createElementNS(NS.style, 'style:style');
  setAttr(s, 'style', 'name', name);
  setAttr(s, 'style', 'family', 'text');
  const props = content.createElementNS(NS.style, 'style:text-properties');
  if (fmt.b) for (const [ns, a] of [['fo', 'font-weight'], ['style', 'font-weight-asian'], ['style', 'font-weight-complex']] as const) setAttr(props, ns, a, 'bold');
  if (fmt.i) for (const [ns, a] of [['fo', 'font-style'], ['style', 'font-style-asian'], ['style', 'font-style-complex']] as const) setAttr(props, ns, a, 'italic');
  if (fmt.u) {
    setAttr(props, 'style', 'text-underline-style', 'solid');
    setAttr(props, 'style', 'text-underline-width', 'auto');
    setAttr(props, 'style', 'text-underline-color', 'font-color');
  }
  s.appendChild(props);
  styles.appendChild(s);
  return name;
}

/** office:automatic-styles of content.xml, made when missing (it comes before office:body). */
export function automaticStyles(content: Document): Element {
  const root = content.documentElement;
  let styles = child(root, 'automatic-styles');
  if (!styles) {
    styles = content.createElementNS(NS.office, 'office:automatic-styles');
    root.insertBefore(styles, child(root, 'body') ?? null);
  }
  return styles;
}

/**
 * Text as ODF stores it: runs of spaces beyond the first, and a leading space, as text:s (a reader collapses plain
 * ones), tabs as text:tab, line breaks as text:line-break.
 */
export function appendText(parent: Element, text: string): void {
  const doc = parent.ownerDocument;
  const el = (name: string) => doc.createElementNS(NS.text, `text:${name}`);
  let buffer = '';
  const flush = () => {
    if (buffer) parent.appendChild(doc.createTextNode(buffer));
    buffer = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\t' || ch === '\n') {
      flush();
      parent.appendChild(el(ch === '\t' ? 'tab' : 'line-break'));
    } else if (ch === ' ' && (i === 0 || text[i - 1] === ' ' || text[i - 1] === '\t' || text[i - 1] === '\n')) {
      let n = 0;
      while (text[i + n] === ' ') n++;
      flush();
      const s = el('s');
      if (n > 1) setAttr(s, 'text', 'c', String(n));
      parent.appendChild(s);
      i += n - 1;
    } else buffer += ch;
  }
  flush();
}

/** The text of an ODF paragraph's inline content: text:s, text:tab and text:line-break as what they stand for. */
export function odfText(node: Node): string {
  let s = '';
  for (let n = node.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3 || n.nodeType === 4) s += n.nodeValue ?? '';
    else if (n.nodeType === 1) {
      const el = n as Element;
      if (el.localName === 's') s += ' '.repeat(Number(attr(el, 'text', 'c') ?? 1) || 1);
      else if (el.localName === 'tab') s += '\t';
      else if (el.localName === 'line-break') s += '\n';
      else if (el.localName !== 'note' && el.localName !== 'annotation' && el.localName !== 'bookmark-ref') s += odfText(el);
    }
  }
  return s;
}

/** A length as ODF writes it (2.5cm, 10in, 720pt…) in centimetres. */
export function toCm(length: string | null): number | null {
  const m = /^(-?[\d.]+)(cm|mm|in|pt|pc|px)?$/.exec(length ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2] ?? 'cm';
  return unit === 'cm' ? n : unit === 'mm' ? n / 10 : unit === 'in' ? n * 2.54 : unit === 'pt' ? (n * 2.54) / 72 : unit === 'pc' ? (n * 2.54) / 6 : (n * 2.54) / 96;
}
