import { child, descendants, elements, OoxmlPackage, textOf, type XmlCodec } from './package';

// A .docx as the editor sees it: the body's paragraphs (text runs with bold/italic/underline, headings, list items)
// and tables, each remembering the XML it came from. Saving rebuilds only the blocks that changed, keeping their
// paragraph properties; everything the editor does not understand (section properties, drawings, fields, bookmarks,
// other parts of the package) is written back untouched.

export const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const OOX = 'application/vnd.openxmlformats-officedocument';

export type BlockStyle = 'p' | 'h1' | 'h2' | 'h3' | 'ul' | 'ol';

export type Inline =
  | { kind: 'text'; text: string; b?: boolean; i?: boolean; u?: boolean }
  | { kind: 'break' }
  /** A run the editor shows but does not edit (a picture, a field…): written back as it was. */
  | { kind: 'keep'; id: number; label: string; image?: string };

export interface Paragraph {
  kind: 'p';
  style: BlockStyle;
  inlines: Inline[];
  /** A list item's nesting depth (0, or absent, for the outermost list). */
  level?: number;
  /** The block it was read from (its index in DocxDocument.sources); absent for a new paragraph. */
  source?: number;
}

export interface Table {
  kind: 'table';
  /** rows → cells → paragraphs */
  rows: Paragraph[][][];
  source?: number;
  /** For a table read from the file: which original row each row is (null: added in the editor). */
  rowSources?: Array<number | null>;
  /** Likewise for the columns (taken from the first row). */
  colSources?: Array<number | null>;
}

/** A block the editor shows as a placeholder and writes back as it was (a content control, a text box…). */
export interface Kept {
  kind: 'keep';
  source: number;
}

export type Block = Paragraph | Table | Kept;

export interface DocxDocument {
  pkg: OoxmlPackage;
  blocks: Block[];
  /** The original body elements, by source index. */
  sources: Element[];
  /** The original runs the editor keeps as they are, by id. */
  kept: Element[];
  /** What each block looked like when read, to find the changed ones at save. */
  readAs: Map<number, string>;
}

const DOCUMENT = 'word/document.xml';

function mainPart(pkg: OoxmlPackage): string {
  const rel = [...pkg.rels('').values()].find((r) => r.type.endsWith('/officeDocument'));
  return rel?.target ?? DOCUMENT;
}

function bodyOf(pkg: OoxmlPackage, edit = false): Element {
  const part = mainPart(pkg);
  const body = child((edit ? pkg.edit(part) : pkg.doc(part)).documentElement, 'body');
  if (!body) throw new Error('No document body');
  return body;
}

const on = (rPr: Element | undefined, name: string) => {
  const el = rPr && child(rPr, name);
  if (!el) return false;
  const v = el.getAttributeNS(W, 'val') ?? el.getAttribute('w:val');
  return !(v === '0' || v === 'false' || v === 'none');
};

function styleOf(p: Element): BlockStyle {
  const pPr = child(p, 'pPr');
  if (!pPr) return 'p';
  const style = child(pPr, 'pStyle')?.getAttributeNS(W, 'val') ?? '';
  const heading = /^(?:heading|başlık|titre|überschrift)\s*(\d)$/i.exec(style.replace(/\s+/g, ' '));
  if (heading) return (`h${Math.min(3, Number(heading[1]))}`) as BlockStyle;
  const outline = child(pPr, 'outlineLvl')?.getAttributeNS(W, 'val');
  if (outline !== undefined && outline !== null && outline !== '' && Number(outline) < 3) return `h${Number(outline) + 1}` as BlockStyle;
  const numPr = child(pPr, 'numPr');
  if (numPr) return child(numPr, 'numId')?.getAttributeNS(W, 'val') === NUM_ORDERED ? 'ol' : /number/i.test(style) ? 'ol' : 'ul';
  if (/^ListNumber/i.test(style)) return 'ol';
  if (/^List(Bullet|Paragraph)/i.test(style)) return 'ul';
  return 'p';
}

function readParagraph(p: Element, doc: DocxDocument, source?: number): Paragraph {
  const inlines: Inline[] = [];
  const runs = (parent: Element) => {
    for (const el of elements(parent)) {
      if (el.localName === 'r') {
        const rPr = child(el, 'rPr');
        const fmt = { b: on(rPr, 'b'), i: on(rPr, 'i'), u: on(rPr, 'u') };
        let plain = true;
        for (const c of elements(el)) {
          if (c.localName === 't') pushText(inlines, textOf(c), fmt);
          else if (c.localName === 'tab') pushText(inlines, '\t', fmt);
          else if (c.localName === 'br' || c.localName === 'cr') inlines.push({ kind: 'break' });
          else if (c.localName !== 'rPr' && c.localName !== 'lastRenderedPageBreak') plain = false;
        }
        if (!plain) {
          // A picture or a field: the whole run stays as it is.
          doc.kept.push(el);
          const image = imageOf(el, doc.pkg);
          inlines.push({ kind: 'keep', id: doc.kept.length - 1, label: image ? 'image' : 'object', ...(image ? { image } : {}) });
        }
      } else if (el.localName === 'hyperlink' || el.localName === 'smartTag' || el.localName === 'ins') runs(el);
      // pPr, bookmarks, proofing marks, deletions: not shown, and rebuilt paragraphs lose only the marks.
    }
  };
  runs(p);
  const style = styleOf(p);
  const numPr = child(child(p, 'pPr') ?? p, 'numPr');
  const ilvl = numPr ? Number(child(numPr, 'ilvl')?.getAttributeNS(W, 'val') ?? 0) || 0 : 0;
  const level = style === 'ul' || style === 'ol' ? Math.min(8, Math.max(0, ilvl)) : 0;
  return { kind: 'p', style, inlines, ...(level ? { level } : {}), ...(source === undefined ? {} : { source }) };
}

/** A picture's bytes as a data path the view can show (the part's name; the view turns it into a blob URL). */
function imageOf(run: Element, pkg: OoxmlPackage): string | undefined {
  const blip = descendants(run, 'blip')[0];
  const id = blip?.getAttributeNS(REL, 'embed');
  if (!id) return undefined;
  return pkg.rels(mainPart(pkg)).get(id)?.target;
}

function pushText(inlines: Inline[], text: string, fmt: { b: boolean; i: boolean; u: boolean }) {
  if (!text) return;
  const last = inlines.at(-1);
  if (last?.kind === 'text' && !!last.b === fmt.b && !!last.i === fmt.i && !!last.u === fmt.u) last.text += text;
  else inlines.push({ kind: 'text', text, ...(fmt.b ? { b: true } : {}), ...(fmt.i ? { i: true } : {}), ...(fmt.u ? { u: true } : {}) });
}

function readTable(tbl: Element, doc: DocxDocument, source: number): Table {
  const rows = elements(tbl, 'tr').map((tr) => elements(tr, 'tc').map((tc) => elements(tc, 'p').map((p) => readParagraph(p, doc))));
  return { kind: 'table', rows, source, ...identityShape(rows) };
}

/** The row and column sources of a table as read (row i is original row i). */
export const identityShape = (rows: readonly unknown[][]) => ({ rowSources: rows.map((_, i) => i), colSources: (rows[0] ?? []).map((_, i) => i) });

/** The original row (or column) a table's row `i` takes its properties from: its own, else the nearest one before it
 * (a row added below copies the row above), else the nearest after; -1 when there is none. */
export function baseOf(sources: ReadonlyArray<number | null> | undefined, i: number): number {
  if (!sources) return -1;
  for (let k = Math.min(i, sources.length - 1); k >= 0; k--) if (sources[k] !== null && sources[k] !== undefined) return sources[k]!;
  for (let k = i + 1; k < sources.length; k++) if (sources[k] !== null && sources[k] !== undefined) return sources[k]!;
  return -1;
}

/** Whether a table keeps the rows and columns it was read with (only the cells' text may differ). */
export const sameShape = (t: Table, rows: number, cols: number): boolean =>
  !!t.rowSources && !!t.colSources && t.rowSources.length === rows && t.colSources.length === cols && t.rowSources.every((s, i) => s === i) && t.colSources.every((s, i) => s === i);

export function readDocx(bytes: Uint8Array, xml?: XmlCodec): DocxDocument {
  const pkg = OoxmlPackage.open(bytes, xml);
  const doc: DocxDocument = { pkg, blocks: [], sources: [], kept: [], readAs: new Map() };
  for (const el of elements(bodyOf(pkg))) {
    if (el.localName === 'sectPr') continue;
    const source = doc.sources.push(el) - 1;
    const block: Block = el.localName === 'p' ? readParagraph(el, doc, source) : el.localName === 'tbl' ? readTable(el, doc, source) : { kind: 'keep', source };
    doc.readAs.set(source, signature(block));
    doc.blocks.push(block);
  }
  return doc;
}

/** Plain text of the document, one line per paragraph (tests and search). */
export function plainText(blocks: readonly Block[]): string[] {
  const lines: string[] = [];
  const para = (p: Paragraph) => p.inlines.map((i) => (i.kind === 'text' ? i.text : i.kind === 'break' ? '\n' : '')).join('');
  for (const b of blocks) {
    if (b.kind === 'p') lines.push(para(b));
    else if (b.kind === 'table') for (const row of b.rows) lines.push(row.map((cell) => cell.map(para).join(' ')).join('\t'));
  }
  return lines;
}

// --- writing

/** What makes a block changed: its content, not how the view labels kept objects. */
const signature = (block: Block) => JSON.stringify(block, (key, value: unknown) => (key === 'label' || key === 'image' ? undefined : value));

/** Numbering definitions the editor adds for its lists (ids far from those a document usually uses). */
const NUM_BULLET = '9001';
const NUM_ORDERED = '9002';

export function writeDocx(doc: DocxDocument, blocks: readonly Block[]): Uint8Array {
  const part = mainPart(doc.pkg);
  const body = bodyOf(doc.pkg, true);
  const xml = body.ownerDocument;
  const sectPr = child(body, 'sectPr');
  let usesLists = false;
  const el = (name: string, attrs: Record<string, string> = {}, ...children: Node[]) => {
    const e = xml.createElementNS(W, `w:${name}`);
    for (const [k, v] of Object.entries(attrs)) e.setAttributeNS(W, `w:${k}`, v);
    for (const c of children) e.appendChild(c);
    return e;
  };

  const paragraph = (p: Paragraph): Element => {
    const original = p.source === undefined ? undefined : doc.sources[p.source];
    const out = el('p');
    let pPr = original && child(original, 'pPr') ? (child(original, 'pPr')!.cloneNode(true) as Element) : el('pPr');
    if (styleOf(wrap(pPr)) !== p.style) pPr = restyle(pPr, p.style, p.level ?? 0);
    if (p.style === 'ul' || p.style === 'ol') {
      usesLists = true;
      // The item's nesting level (w:ilvl) in its numbering, whichever numbering it kept.
      const numPr = child(pPr, 'numPr');
      if (numPr) {
        let ilvl = child(numPr, 'ilvl');
        if (!ilvl) numPr.insertBefore((ilvl = el('ilvl')), numPr.firstChild);
        ilvl.setAttributeNS(W, 'w:val', String(p.level ?? 0));
      }
    }
    if (pPr.firstChild) out.appendChild(pPr);
    const heading = p.style.startsWith('h') ? Number(p.style[1]) : 0;
    for (const inline of p.inlines) {
      if (inline.kind === 'keep') {
        const run = doc.kept[inline.id];
        if (run) out.appendChild(run.cloneNode(true));
        continue;
      }
      const rPr = el('rPr');
      if (inline.kind === 'text') {
        if (inline.b || heading) rPr.appendChild(el('b'));
        if (inline.i) rPr.appendChild(el('i'));
        if (inline.u) rPr.appendChild(el('u', { val: 'single' }));
        if (heading) rPr.appendChild(el('sz', { val: String([0, 36, 30, 26][heading]) }));
      }
      const run = el('r');
      if (rPr.firstChild) run.appendChild(rPr);
      if (inline.kind === 'break') run.appendChild(el('br'));
      else {
        // Tabs are their own element in WordprocessingML.
        inline.text.split('\t').forEach((piece, i) => {
          if (i > 0) run.appendChild(el('tab'));
          if (!piece) return;
          const t = el('t', {}, xml.createTextNode(piece));
          t.setAttributeNS(XML_NS, 'xml:space', 'preserve');
          run.appendChild(t);
        });
      }
      out.appendChild(run);
    }
    return out;
  };
  const wrap = (pPr: Element) => {
    const p = el('p');
    p.appendChild(pPr.cloneNode(true));
    return p;
  };
  const restyle = (pPr: Element, style: BlockStyle, level: number): Element => {
    for (const name of ['pStyle', 'numPr', 'outlineLvl']) for (const c of elements(pPr, name)) pPr.removeChild(c);
    const first = pPr.firstChild;
    const add = (node: Element) => (first ? pPr.insertBefore(node, first) : pPr.appendChild(node));
    if (style.startsWith('h')) {
      add(el('pStyle', { val: `Heading${style[1]}` }));
      pPr.appendChild(el('outlineLvl', { val: String(Number(style[1]) - 1) }));
    } else if (style === 'ul' || style === 'ol') {
      add(el('numPr', {}, el('ilvl', { val: String(level) }), el('numId', { val: style === 'ol' ? NUM_ORDERED : NUM_BULLET })));
    }
    return pPr;
  };

  const table = (t: Table): Element => {
    const original = t.source === undefined ? undefined : doc.sources[t.source];
    if (original) {
      const trs = elements(original, 'tr');
      const cols0 = elements(trs[0] ?? original, 'tc').length;
      if (sameShape(t, trs.length, cols0)) {
        // Same shape: the cells' paragraphs are replaced, rows, cells and their properties stay.
        const copy = original.cloneNode(true) as Element;
        elements(copy, 'tr').forEach((tr, r) =>
          elements(tr, 'tc').forEach((tc, c) => {
            const paras = t.rows[r]?.[c];
            if (!paras) return;
            for (const p of elements(tc, 'p')) tc.removeChild(p);
            for (const p of paras.length ? paras : [{ kind: 'p', style: 'p', inlines: [] } as Paragraph]) tc.appendChild(paragraph(p));
          }),
        );
        return copy;
      }
      if (trs.length) return reshaped(original, trs, t);
    }
    const cols = Math.max(1, ...t.rows.map((r) => r.length));
    const border = (side: string) => el(side, { val: 'single', sz: '4', space: '0', color: 'auto' });
    const tbl = el(
      'tbl',
      {},
      el('tblPr', {}, el('tblW', { w: '5000', type: 'pct' }), el('tblBorders', {}, ...['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border))),
      el('tblGrid', {}, ...Array.from({ length: cols }, () => el('gridCol', { w: String(Math.floor(9000 / cols)) }))),
    );
    for (const row of t.rows) {
      const tr = el('tr');
      for (const cell of row) {
        const tc = el('tc', {}, el('tcPr', {}, el('tcW', { w: String(Math.floor(5000 / cols)), type: 'pct' })));
        for (const p of cell.length ? cell : [{ kind: 'p', style: 'p', inlines: [] } as Paragraph]) tc.appendChild(paragraph(p));
        tr.appendChild(tc);
      }
      tbl.appendChild(tr);
    }
    return tbl;
  };

  /**
   * Rows or columns added or removed: each row is built from the original row it came from (a new one from the row
   * above it), each cell from that row's cell in its original column, so borders, widths and shading follow. Merged cells
   * (gridSpan, vMerge) are split, because the merge no longer fits the new grid.
   */
  const reshaped = (original: Element, trs: Element[], t: Table): Element => {
    const copy = original.cloneNode(false) as Element;
    for (const e of elements(original)) if (e.localName !== 'tr' && e.localName !== 'tblGrid') copy.appendChild(e.cloneNode(true));
    const gridCols = elements(child(original, 'tblGrid') ?? original, 'gridCol');
    const colSources = t.colSources ?? [];
    const width = Math.max(...t.rows.map((r) => r.length), colSources.length, 1);
    const grid = el('tblGrid');
    for (let c = 0; c < width; c++) {
      const from = gridCols[baseOf(colSources, c)] ?? gridCols.at(-1);
      grid.appendChild(from ? from.cloneNode(true) : el('gridCol', { w: String(Math.floor(9000 / width)) }));
    }
    copy.appendChild(grid);
    t.rows.forEach((row, r) => {
      const base = trs[baseOf(t.rowSources, r)] ?? trs.at(-1)!;
      const tr = base.cloneNode(false) as Element;
      for (const e of elements(base)) if (e.localName !== 'tc') tr.appendChild(e.cloneNode(true));
      const tcs = elements(base, 'tc');
      row.forEach((paras, c) => {
        const from = tcs[baseOf(colSources, c)] ?? tcs.at(-1);
        const tc = el('tc');
        const tcPr = from && child(from, 'tcPr');
        if (tcPr) {
          const props = tcPr.cloneNode(true) as Element;
          for (const name of ['gridSpan', 'vMerge', 'hMerge']) for (const e of elements(props, name)) props.removeChild(e);
          tc.appendChild(props);
        }
        for (const p of paras.length ? paras : [{ kind: 'p', style: 'p', inlines: [] } as Paragraph]) tc.appendChild(paragraph(p));
        tr.appendChild(tc);
      });
      copy.appendChild(tr);
    });
    return copy;
  };

  const out: Node[] = [];
  const used = new Set<number>();
  for (const block of blocks) {
    const source = block.source;
    // Unchanged blocks keep their XML exactly (a block copied by the editor keeps it only once).
    if (source !== undefined && !used.has(source) && doc.readAs.get(source) === signature(block)) {
      used.add(source);
      out.push(doc.sources[source]!.cloneNode(true));
      continue;
    }
    if (block.kind === 'keep') continue;
    if (source !== undefined) used.add(source);
    out.push(block.kind === 'p' ? paragraph(block) : table(block));
  }
  while (body.firstChild) body.removeChild(body.firstChild);
  for (const node of out) body.appendChild(node);
  // A document ends with a paragraph before its section properties (Word repairs it otherwise).
  if (!out.length || (out.at(-1) as Element).localName === 'tbl') body.appendChild(el('p'));
  if (sectPr) body.appendChild(sectPr);
  if (usesLists) ensureNumbering(doc.pkg, part);
  return doc.pkg.toBytes();
}

/** The bullet and numbered list definitions the editor's lists use, added to the numbering part (made when missing). */
function ensureNumbering(pkg: OoxmlPackage, part: string): void {
  const rel = [...pkg.rels(part).values()].find((r) => r.type.endsWith('/numbering'));
  const path = rel?.target ?? 'word/numbering.xml';
  if (!rel) {
    pkg.setText(path, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${W}"/>`);
    pkg.addRel(part, `${REL}/numbering`, path);
    pkg.addOverride(path, `${OOX}.wordprocessingml.numbering+xml`);
  }
  const xml = pkg.edit(path);
  const root = xml.documentElement;
  if (elements(root, 'num').some((n) => n.getAttributeNS(W, 'numId') === NUM_BULLET)) return;
  const el = (name: string, attrs: Record<string, string> = {}, ...children: Node[]) => {
    const e = xml.createElementNS(W, `w:${name}`);
    for (const [k, v] of Object.entries(attrs)) e.setAttributeNS(W, `w:${k}`, v);
    for (const c of children) e.appendChild(c);
    return e;
  };
  // Nine levels, as Word's own lists: nested items indent further (numbers count per level: 1. / 1.1.).
  const abstract = (id: string, fmt: string, text: (level: number) => string) =>
    el(
      'abstractNum',
      { abstractNumId: id },
      el('multiLevelType', { val: 'hybridMultilevel' }),
      ...Array.from({ length: 9 }, (_, level) =>
        el(
          'lvl',
          { ilvl: String(level) },
          el('start', { val: '1' }),
          el('numFmt', { val: fmt }),
          el('lvlText', { val: text(level) }),
          el('lvlJc', { val: 'left' }),
          el('pPr', {}, el('ind', { left: String(720 * (level + 1)), hanging: '360' })),
        ),
      ),
    );
  // Abstract definitions come before the numbering instances in the part.
  const firstNum = child(root, 'num');
  for (const a of [abstract(NUM_BULLET, 'bullet', (level) => ['•', '◦', '▪'][level % 3]!), abstract(NUM_ORDERED, 'decimal', (level) => Array.from({ length: level + 1 }, (_, k) => `%${k + 1}.`).join(''))]) {
    if (firstNum) root.insertBefore(a, firstNum);
    else root.appendChild(a);
  }
  root.appendChild(el('num', { numId: NUM_BULLET }, el('abstractNumId', { val: NUM_BULLET })));
  root.appendChild(el('num', { numId: NUM_ORDERED }, el('abstractNumId', { val: NUM_ORDERED })));
}
