import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';

// An Office Open XML package (a zip of XML parts), read and written part by part: the parts an editor changes are
// serialised again, every other part is written back byte for byte. An OpenDocument package is the same kind of zip
// (its `mimetype` entry first and stored uncompressed, as ODF requires), so the ODF editors use this class too. Isomorphic: the browser passes its own DOMParser,
// Node (the server's round-trip test) passes @xmldom/xmldom.

export interface XmlCodec {
  parse(text: string): Document;
  serialize(doc: Document): string;
}

export const browserXml: XmlCodec = {
  parse: (text) => new DOMParser().parseFromString(text, 'application/xml'),
  serialize: (doc) => new XMLSerializer().serializeToString(doc),
};

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'http://schemas.openxmlformats.org/package/2006/content-types';
const EMPTY = new Uint8Array(0);
/** Parts inflated only when read: anything but XML, relationships, VML and the ODF mimetype. */
const LATER = /^(?!mimetype$)(?!.*\.(?:xml|rels|vml)$).+$/i;

export class OoxmlPackage {
  private readonly docs = new Map<string, Document>();
  /** Parts changed through edit(): only these are serialised again. */
  private readonly edited = new Set<string>();

  private constructor(
    private readonly parts: Record<string, Uint8Array>,
    readonly xml: XmlCodec,
    /** The zip as read, for the parts not inflated yet (pictures, embedded files: see open). */
    private readonly zip?: Uint8Array,
    private readonly pending = new Set<string>(),
  ) {}

  /**
   * Reads the package. The XML parts are inflated now; the others (pictures, media, embedded objects: most of a large
   * document's bytes) when first asked for, or when the package is written, so opening a document does not wait for them.
   */
  static open(bytes: Uint8Array, xml: XmlCodec = browserXml): OoxmlPackage {
    const pending = new Set<string>();
    const names: string[] = [];
    const parts = unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        if (LATER.test(file.name)) pending.add(file.name);
        return !LATER.test(file.name);
      },
    });
    // Every part in its place in the zip's order (toBytes keeps it), the pending ones filled in when read.
    const ordered: Record<string, Uint8Array> = {};
    for (const name of names) ordered[name] = parts[name] ?? EMPTY;
    return new OoxmlPackage(ordered, xml, bytes, pending);
  }

  has(path: string): boolean {
    return path in this.parts || this.docs.has(path);
  }

  /** The names of the package's parts, in their order in the zip. */
  paths(): string[] {
    return Object.keys(this.parts);
  }

  bytes(path: string): Uint8Array | undefined {
    if (this.pending.has(path)) this.inflate([path]);
    return this.parts[path];
  }

  /** Inflates parts left in the zip by open(). */
  private inflate(paths: readonly string[]): void {
    const wanted = new Set(paths.filter((p) => this.pending.has(p)));
    if (!wanted.size || !this.zip) return;
    const got = unzipSync(this.zip, { filter: (file) => wanted.has(file.name) });
    for (const name of wanted) {
      this.pending.delete(name);
      if (name in this.parts) this.parts[name] = got[name] ?? EMPTY;
    }
  }

  /** A part to change: toBytes() writes it again. */
  edit(path: string): Document {
    const doc = this.doc(path);
    this.edited.add(path);
    return doc;
  }

  /** A part parsed once, to read (a part read and not edited is written back as its original bytes). */
  doc(path: string): Document {
    let doc = this.docs.get(path);
    if (!doc) {
      const raw = this.bytes(path);
      if (!raw) throw new Error(`Missing part ${path}`);
      doc = this.xml.parse(strFromU8(raw));
      this.docs.set(path, doc);
    }
    return doc;
  }

  setText(path: string, text: string): void {
    this.pending.delete(path);
    this.docs.delete(path);
    this.edited.delete(path);
    this.parts[path] = strToU8(text);
  }

  remove(path: string): void {
    this.pending.delete(path);
    this.docs.delete(path);
    this.edited.delete(path);
    delete this.parts[path];
  }

  /** The relationships of a part: id → [type, absolute target path]. */
  rels(path: string): Map<string, { type: string; target: string }> {
    const slash = path.lastIndexOf('/');
    const dir = path.slice(0, slash + 1);
    const relsPath = `${dir}_rels/${path.slice(slash + 1)}.rels`;
    const out = new Map<string, { type: string; target: string }>();
    if (!this.has(relsPath)) return out;
    for (const rel of elements(this.doc(relsPath).documentElement, 'Relationship')) {
      const mode = rel.getAttribute('TargetMode');
      const target = rel.getAttribute('Target') ?? '';
      out.set(rel.getAttribute('Id') ?? '', { type: rel.getAttribute('Type') ?? '', target: mode === 'External' ? target : resolve(dir, target) });
    }
    return out;
  }

  /** Adds a relationship from `path` to `target` (absolute), creating the rels part when missing; returns its id. */
  addRel(path: string, type: string, target: string): string {
    const slash = path.lastIndexOf('/');
    const relsPath = `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
    if (!this.has(relsPath)) this.setText(relsPath, `${DECLARATION}<Relationships xmlns="${PKG_REL}"/>`);
    const doc = this.edit(relsPath);
    const taken = new Set(elements(doc.documentElement, 'Relationship').map((r) => r.getAttribute('Id')));
    let n = taken.size + 1;
    while (taken.has(`rId${n}`)) n++;
    const rel = doc.createElementNS(PKG_REL, 'Relationship');
    rel.setAttribute('Id', `rId${n}`);
    rel.setAttribute('Type', type);
    rel.setAttribute('Target', relative(path.slice(0, slash + 1), target));
    doc.documentElement.appendChild(rel);
    return `rId${n}`;
  }

  /** Removes the relationship `id` of `path`. */
  removeRel(path: string, id: string): void {
    const slash = path.lastIndexOf('/');
    const relsPath = `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
    if (!this.has(relsPath)) return;
    const rels = this.edit(relsPath).documentElement;
    for (const r of elements(rels, 'Relationship')) if (r.getAttribute('Id') === id) rels.removeChild(r);
  }

  /** Declares a part's content type in [Content_Types].xml (once). */
  addOverride(partPath: string, contentType: string): void {
    const doc = this.edit('[Content_Types].xml');
    const name = `/${partPath}`;
    if (elements(doc.documentElement, 'Override').some((o) => o.getAttribute('PartName') === name)) return;
    const o = doc.createElementNS(CT, 'Override');
    o.setAttribute('PartName', name);
    o.setAttribute('ContentType', contentType);
    doc.documentElement.appendChild(o);
  }

  removeOverride(partPath: string): void {
    const doc = this.edit('[Content_Types].xml');
    for (const o of elements(doc.documentElement, 'Override')) if (o.getAttribute('PartName') === `/${partPath}`) doc.documentElement.removeChild(o);
  }

  /** The package as bytes: edited parts serialised again, the others as they were, in their original order. */
  toBytes(): Uint8Array {
    this.inflate([...this.pending]);
    const out: Zippable = {};
    // ODF: readers identify the package by the first entry's name and its stored (uncompressed) bytes.
    for (const path of Object.keys(this.parts)) out[path] = path === 'mimetype' ? [this.parts[path]!, { level: 0 }] : this.parts[path]!;
    for (const path of this.edited) {
      const doc = this.docs.get(path);
      if (!doc) continue;
      const text = this.xml.serialize(doc);
      out[path] = strToU8(text.startsWith('<?xml') ? text : DECLARATION + text);
    }
    return zipSync(out, { level: 6 });
  }
}

/** Child elements of `parent` with this local name (any namespace); all child elements without a name. */
export function elements(parent: Node, localName?: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (!localName || (n as Element).localName === localName)) out.push(n as Element);
  return out;
}

export const child = (parent: Node, localName: string): Element | undefined => elements(parent, localName)[0];

/** Every descendant element with this local name, in document order. */
export function descendants(root: Node, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Node) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      if ((n as Element).localName === localName) out.push(n as Element);
      walk(n);
    }
  };
  walk(root);
  return out;
}

export function textOf(node: Node): string {
  let s = '';
  for (let n = node.firstChild; n; n = n.nextSibling) s += n.nodeType === 3 || n.nodeType === 4 ? (n.nodeValue ?? '') : n.nodeType === 1 ? textOf(n) : '';
  return s;
}

export function setText(el: Element, text: string): void {
  while (el.firstChild) el.removeChild(el.firstChild);
  el.appendChild(el.ownerDocument.createTextNode(text));
}

export function removeChildren(el: Element, localName: string): void {
  for (const c of elements(el, localName)) el.removeChild(c);
}

function resolve(dir: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = (dir + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

function relative(dir: string, target: string): string {
  return target.startsWith(dir) ? target.slice(dir.length) : `/${target}`;
}
