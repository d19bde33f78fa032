import { baseOf, identityShape, sameShape, type Block, type BlockStyle, type Inline, type Paragraph, type Table } from './docx';
import { appendText, attr, automaticStyles, bodyOf, CONTENT, ensureTextStyle, NS, openOdf, outlineLevels, setAttr, textStyles, type CharFormat } from './odf';
import { descendants, elements, type OoxmlPackage, type XmlCodec } from './package';

// An OpenDocument text (.odt) as the document editor sees it: the same blocks as a .docx (paragraphs, headings, list
// items, tables), read from content.xml. Saving rebuilds only the blocks that changed; declarations, sections, frames,
// fields and every other part of the package (styles.xml, meta.xml, pictures…) stay as they were.

export interface OdtDocument {
  pkg: OoxmlPackage;
  blocks: Block[];
  /** Body elements (and list paragraphs) by source index. */
  sources: Element[];
  kept: Element[];
  readAs: Map<number, string>;
  /** Declarations at the top of office:text (sequence and variable declarations, forms…): not shown, written first. */
  prelude: Element[];
  /** The original text:list elements, and the sources of the paragraphs each holds. */
  lists: Array<{ el: Element; items: number[] }>;
  /** A list paragraph's source → its list. */
  listOf: Map<number, number>;
}

const PRELUDE = new Set(['sequence-decls', 'variable-decls', 'user-field-decls', 'dde-connection-decls', 'forms', 'tracked-changes', 'calculation-settings', 'content-validations', 'label-ranges', 'alphabetical-index-auto-mark-file']);

const signature = (block: Block) => JSON.stringify(block, (key, value: unknown) => (key === 'label' || key === 'image' ? undefined : value));

/** Whether a list style numbers or bullets its items, at each nesting level (0 the outermost). */
function listStyles(pkg: OoxmlPackage): (name: string | null, level?: number) => 'ul' | 'ol' {
  const styles = new Map<string, Element>();
  for (const path of [CONTENT, 'styles.xml']) {
    if (!pkg.has(path)) continue;
    for (const ls of descendants(pkg.doc(path).documentElement, 'list-style')) {
      const name = attr(ls, 'style', 'name');
      if (name && !styles.has(name)) styles.set(name, ls);
    }
  }
  return (name, level = 0) => {
    const ls = name ? styles.get(name) : undefined;
    const at = ls && (elements(ls).find((l) => attr(l, 'text', 'level') === String(level + 1)) ?? elements(ls)[0]);
    return at?.localName === 'list-level-style-number' ? 'ol' : 'ul';
  };
}

export function readOdt(bytes: Uint8Array, xml?: XmlCodec): OdtDocument {
  const pkg = openOdf(bytes, xml);
  const doc: OdtDocument = { pkg, blocks: [], sources: [], kept: [], readAs: new Map(), prelude: [], lists: [], listOf: new Map() };
  const fmtOf = textStyles(pkg);
  const listKind = listStyles(pkg);
  const levelOf = outlineLevels(pkg);

  const readParagraph = (p: Element, style: BlockStyle, source?: number): Paragraph => {
    const inlines: Inline[] = [];
    const push = (text: string, fmt: CharFormat) => {
      if (!text) return;
      const last = inlines.at(-1);
      if (last?.kind === 'text' && !!last.b === fmt.b && !!last.i === fmt.i && !!last.u === fmt.u) last.text += text;
      else inlines.push({ kind: 'text', text, ...(fmt.b ? { b: true } : {}), ...(fmt.i ? { i: true } : {}), ...(fmt.u ? { u: true } : {}) });
    };
    const walk = (parent: Element, fmt: CharFormat) => {
      for (let n = parent.firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 3 || n.nodeType === 4) {
          // ODF collapses white space in text nodes; text:s holds the spaces that count.
          push((n.nodeValue ?? '').replace(/[ \t\r\n]+/g, ' '), fmt);
          continue;
        }
        if (n.nodeType !== 1) continue;
        const el = n as Element;
        const name = el.localName;
        if (name === 'span') walk(el, fmtOf(attr(el, 'text', 'style-name')));
        else if (name === 'a' || name === 'meta' || name === 'ruby-base') walk(el, fmt);
        else if (name === 's') push(' '.repeat(Number(attr(el, 'text', 'c') ?? 1) || 1), fmt);
        else if (name === 'tab') push('\t', fmt);
        else if (name === 'line-break') inlines.push({ kind: 'break' });
        else if (name === 'soft-page-break' || name.startsWith('bookmark') || name.startsWith('reference-mark') || name === 'change-start' || name === 'change-end' || name === 'change') continue;
        else {
          // A frame, a note, a field: shown as a placeholder (or its picture) and written back as it was.
          doc.kept.push(el);
          const image = name === 'frame' ? descendants(el, 'image')[0]?.getAttributeNS(NS.xlink, 'href') : undefined;
          inlines.push({ kind: 'keep', id: doc.kept.length - 1, label: image ? 'image' : 'object', ...(image && pkg.has(image) ? { image } : {}) });
        }
      }
    };
    walk(p, fmtOf(attr(p, 'text', 'style-name')));
    // The paragraph's own style sets the marks of all its text; only spans that differ from it are marks of their own.
    const base = fmtOf(attr(p, 'text', 'style-name'));
    if (base.b || base.i || base.u)
      for (const i of inlines)
        if (i.kind === 'text') {
          if (base.b && i.b) delete i.b;
          if (base.i && i.i) delete i.i;
          if (base.u && i.u) delete i.u;
        }
    return { kind: 'p', style, inlines, ...(source === undefined ? {} : { source }) };
  };

  const headingStyle = (h: Element): BlockStyle => `h${Math.min(3, Math.max(1, Number(attr(h, 'text', 'outline-level') ?? 1) || 1))}` as BlockStyle;

  const cellParagraphs = (cell: Element): Paragraph[] => collectParagraphs(cell).map((p) => readParagraph(p, p.localName === 'h' ? headingStyle(p) : 'p'));

  const readTable = (tbl: Element, source: number): Table => {
    const rows = tableRows(tbl).map((tr) => tableCells(tr).map(cellParagraphs));
    return { kind: 'table', rows, source, ...identityShape(rows) };
  };

  const readList = (list: Element) => {
    const index = doc.lists.push({ el: list, items: [] }) - 1;
    const outer = attr(list, 'text', 'style-name');
    // A nested list takes its look from the outer list's style at its level, unless it names a style of its own.
    const visit = (l: Element, level: number) => {
      const kind = listKind(level ? (attr(l, 'text', 'style-name') ?? outer) : outer, level);
      for (const item of elements(l)) {
        if (item.localName !== 'list-item' && item.localName !== 'list-header') continue;
        for (const c of elements(item)) {
          if (c.localName === 'list') visit(c, Math.min(9, level + 1));
          else if (c.localName === 'p' || c.localName === 'h') {
            const source = doc.sources.push(c) - 1;
            const block = readParagraph(c, kind, source);
            if (level) block.level = level;
            doc.readAs.set(source, signature(block));
            doc.listOf.set(source, index);
            doc.lists[index]!.items.push(source);
            doc.blocks.push(block);
          }
        }
      }
    };
    visit(list, 0);
  };

  for (const el of elements(bodyOf(pkg, 'text'))) {
    const name = el.localName;
    if (PRELUDE.has(name)) {
      doc.prelude.push(el);
      continue;
    }
    if (name === 'soft-page-break') continue;
    if (name === 'list') {
      readList(el);
      continue;
    }
    const source = doc.sources.push(el) - 1;
    // A plain paragraph in a heading style is a heading too (what LibreOffice makes of an imported <h1>).
    const level = name === 'p' ? levelOf(attr(el, 'text', 'style-name')) : 0;
    const block: Block =
      name === 'p' ? readParagraph(el, level ? (`h${Math.min(3, level)}` as BlockStyle) : 'p', source) : name === 'h' ? readParagraph(el, headingStyle(el), source) : name === 'table' ? readTable(el, source) : { kind: 'keep', source };
    doc.readAs.set(source, signature(block));
    doc.blocks.push(block);
  }
  return doc;
}

/** Elements named one of `items` in order, through the grouping elements, each as many times as its `repeat` attribute says (at most 1,000). */
function expanded(parent: Element, items: readonly string[], repeat: string, groups: readonly string[] = []): Element[] {
  const out: Element[] = [];
  for (const e of elements(parent)) {
    if (items.includes(e.localName)) for (let i = Math.min(1000, Number(attr(e, 'table', repeat) ?? 1) || 1); i > 0; i--) out.push(e);
    else if (groups.includes(e.localName)) out.push(...expanded(e, items, repeat, groups));
  }
  return out;
}

/** A table's rows in order, through header rows and row groups. */
export const tableRows = (tbl: Element): Element[] => expanded(tbl, ['table-row'], 'number-rows-repeated', ['table-header-rows', 'table-rows', 'table-row-group']);

/** A row's cells in order, covered ones included. */
export const tableCells = (tr: Element): Element[] => expanded(tr, ['table-cell', 'covered-table-cell'], 'number-columns-repeated');

const tableColumns = (tbl: Element): Element[] => expanded(tbl, ['table-column'], 'number-columns-repeated', ['table-header-columns', 'table-columns', 'table-column-group']);

/** The paragraphs in a cell, lists flattened. */
function collectParagraphs(parent: Element): Element[] {
  const out: Element[] = [];
  for (const e of elements(parent)) {
    if (e.localName === 'p' || e.localName === 'h') out.push(e);
    else if (e.localName === 'list' || e.localName === 'list-item' || e.localName === 'list-header' || e.localName === 'section') out.push(...collectParagraphs(e));
  }
  return out;
}

// --- writing

const LIST_STYLE = { ul: 'BulutUL', ol: 'BulutOL' } as const;

export function writeOdt(doc: OdtDocument, blocks: readonly Block[]): Uint8Array {
  const body = bodyOf(doc.pkg, 'text', true);
  const xml = body.ownerDocument;
  const el = (ns: keyof typeof NS, name: string, attrs: Record<string, string> = {}) => {
    const e = xml.createElementNS(NS[ns], `${ns}:${name}`);
    for (const [k, v] of Object.entries(attrs)) {
      const [ans, local] = k.split(':') as [keyof typeof NS, string];
      setAttr(e, ans, local, v);
    }
    return e;
  };
  const styles = automaticStyles(xml);
  const levelOf = outlineLevels(doc.pkg);
  let kinds: ReturnType<typeof listStyles> | undefined;
  const listKindOf = (name: string, level: number): 'ul' | 'ol' => (name === LIST_STYLE.ul ? 'ul' : name === LIST_STYLE.ol ? 'ol' : (kinds ??= listStyles(doc.pkg))(name, level));
  const hasStyle = (name: string) => elements(styles).some((s) => attr(s, 'style', 'name') === name);
  const commonStyle = (name: string) => doc.pkg.has('styles.xml') && descendants(doc.pkg.doc('styles.xml').documentElement, 'style').some((s) => attr(s, 'style', 'name') === name);

  /** A heading's look when the document defines none of its own: bold and larger, like the .docx writer's. */
  const headingStyle = (level: number): string => {
    const name = `BulutH${level}`;
    if (hasStyle(name)) return name;
    const s = el('style', 'style', { 'style:name': name, 'style:family': 'paragraph' });
    if (commonStyle(`Heading_20_${level}`)) setAttr(s, 'style', 'parent-style-name', `Heading_20_${level}`);
    const props = el('style', 'text-properties', { 'fo:font-size': `${[0, 18, 15, 13][level]}pt`, 'fo:font-weight': 'bold' });
    s.appendChild(props);
    styles.appendChild(s);
    return name;
  };
  const listStyle = (kind: 'ul' | 'ol'): string => {
    const name = LIST_STYLE[kind];
    if (hasStyle(name)) return name;
    const ls = el('text', 'list-style', { 'style:name': name });
    // All ten levels ODF has, each indented further, so nested items show as nested.
    for (let n = 1; n <= 10; n++) {
      const level =
        kind === 'ul'
          ? el('text', 'list-level-style-bullet', { 'text:level': String(n), 'text:bullet-char': ['•', '◦', '▪'][(n - 1) % 3]! })
          : el('text', 'list-level-style-number', { 'text:level': String(n), 'style:num-format': '1', 'style:num-suffix': '.', 'text:display-levels': String(n) });
      const props = el('style', 'list-level-properties', { 'text:list-level-position-and-space-mode': 'label-alignment' });
      props.appendChild(el('style', 'list-level-label-alignment', { 'text:label-followed-by': 'listtab', 'fo:text-indent': '-0.635cm', 'fo:margin-left': `${(1.27 * n).toFixed(2)}cm` }));
      level.appendChild(props);
      ls.appendChild(level);
    }
    styles.appendChild(ls);
    return name;
  };
  let cellStyle: string | null = null;
  const borderedCell = (): string => {
    if (cellStyle) return cellStyle;
    cellStyle = 'BulutCell';
    if (!hasStyle(cellStyle)) {
      const s = el('style', 'style', { 'style:name': cellStyle, 'style:family': 'table-cell' });
      s.appendChild(el('style', 'table-cell-properties', { 'fo:border': '0.5pt solid #000000', 'fo:padding': '0.1cm' }));
      styles.appendChild(s);
    }
    return cellStyle;
  };

  const paragraph = (p: Paragraph, template?: Element): Element => {
    const original = p.source === undefined ? template : doc.sources[p.source];
    const heading = p.style.startsWith('h') ? Number(p.style[1]) : 0;
    const out = heading ? el('text', 'h', { 'text:outline-level': String(heading) }) : el('text', 'p');
    const originalLevel = !original ? 0 : original.localName === 'h' ? Math.min(3, Number(attr(original, 'text', 'outline-level') ?? 1) || 1) : Math.min(3, levelOf(attr(original, 'text', 'style-name')));
    const sameKind = original && originalLevel === heading;
    const styleName = original && sameKind ? attr(original, 'text', 'style-name') : null;
    if (styleName) setAttr(out, 'text', 'style-name', styleName);
    else if (heading) setAttr(out, 'text', 'style-name', headingStyle(heading));
    for (const inline of p.inlines) {
      if (inline.kind === 'keep') {
        const kept = doc.kept[inline.id];
        if (kept) out.appendChild(kept.cloneNode(true));
      } else if (inline.kind === 'break') out.appendChild(el('text', 'line-break'));
      else if (inline.b || inline.i || inline.u) {
        const span = el('text', 'span', { 'text:style-name': ensureTextStyle(xml, { b: !!inline.b, i: !!inline.i, u: !!inline.u }) });
        appendText(span, inline.text);
        out.appendChild(span);
      } else appendText(out, inline.text);
    }
    return out;
  };

  const cellContent = (cell: Element, paras: readonly Paragraph[], template?: Element) => {
    for (const p of paras.length ? paras : [{ kind: 'p', style: 'p', inlines: [] } as Paragraph]) cell.appendChild(paragraph(p, template));
  };

  const table = (t: Table): Element => {
    const original = t.source === undefined ? undefined : doc.sources[t.source];
    if (!original) {
      const cols = Math.max(1, ...t.rows.map((r) => r.length));
      let n = descendants(body, 'table').length + 1;
      const names = new Set(descendants(body, 'table').map((x) => attr(x, 'table', 'name')));
      while (names.has(`Table${n}`)) n++;
      const tbl = el('table', 'table', { 'table:name': `Table${n}` });
      tbl.appendChild(el('table', 'table-column', { 'table:number-columns-repeated': String(cols) }));
      for (const row of t.rows) {
        const tr = el('table', 'table-row');
        for (let c = 0; c < cols; c++) {
          const td = el('table', 'table-cell', { 'table:style-name': borderedCell(), 'office:value-type': 'string' });
          cellContent(td, row[c] ?? []);
          tr.appendChild(td);
        }
        tbl.appendChild(tr);
      }
      return tbl;
    }
    // Each row from the row it came from (a new one from the row above), each cell from its original column: styles,
    // widths and borders follow. When rows or columns changed, merges are undone (they no longer fit the grid).
    const rows = tableRows(original);
    const columns = tableColumns(original);
    const keepShape = sameShape(t, rows.length, tableCells(rows[0] ?? original).length);
    const copy = original.cloneNode(false) as Element;
    for (const e of elements(original))
      if (!['table-row', 'table-rows', 'table-header-rows', 'table-row-group', 'table-column', 'table-columns', 'table-header-columns', 'table-column-group'].includes(e.localName)) copy.appendChild(e.cloneNode(true));
    const width = Math.max(1, ...t.rows.map((r) => r.length));
    for (let c = 0; c < width; c++) {
      const from = columns[baseOf(t.colSources, c)] ?? columns.at(-1);
      const col = from ? (from.cloneNode(false) as Element) : el('table', 'table-column');
      col.removeAttributeNS(NS.table, 'number-columns-repeated');
      copy.appendChild(col);
    }
    t.rows.forEach((row, r) => {
      const base = rows[baseOf(t.rowSources, r)] ?? rows.at(-1);
      const tr = base ? (base.cloneNode(false) as Element) : el('table', 'table-row');
      tr.removeAttributeNS(NS.table, 'number-rows-repeated');
      const cells = base ? tableCells(base) : [];
      for (let c = 0; c < width; c++) {
        const from = cells[baseOf(t.colSources, c)] ?? cells.at(-1);
        const covered = keepShape && from?.localName === 'covered-table-cell';
        const td = from ? (from.cloneNode(false) as Element) : el('table', 'table-cell');
        td.removeAttributeNS(NS.table, 'number-columns-repeated');
        if (!keepShape) {
          td.removeAttributeNS(NS.table, 'number-columns-spanned');
          td.removeAttributeNS(NS.table, 'number-rows-spanned');
        }
        const cell = covered || td.localName === 'table-cell' ? td : renameCell(td);
        // Annotations and other non-paragraph content of the original cell stay.
        if (from) for (const e of elements(from)) if (!['p', 'h', 'list', 'section'].includes(e.localName) && (keepShape || e.localName === 'annotation')) cell.appendChild(e.cloneNode(true));
        if (!covered) cellContent(cell, row[c] ?? [], from ? collectParagraphs(from)[0] : undefined);
        tr.appendChild(cell);
      }
      copy.appendChild(tr);
    });
    return copy;
  };
  const renameCell = (covered: Element): Element => {
    const td = el('table', 'table-cell');
    for (const a of Array.from(covered.attributes)) if (a.namespaceURI) td.setAttributeNS(a.namespaceURI, a.name, a.value);
    return td;
  };

  const out: Node[] = [];
  const used = new Set<number>();
  const unchanged = (b: Block) => b.source !== undefined && !used.has(b.source) && doc.readAs.get(b.source) === signature(b);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.kind === 'p' && (block.style === 'ul' || block.style === 'ol')) {
      // A run of list items (nested ones of any kind included, up to the next outermost item of another kind): the
      // original list when it is exactly its items unchanged, else a new list nested as the items' levels say.
      let j = i;
      const isItem = (b: Block | undefined): b is Paragraph => b?.kind === 'p' && (b.style === 'ul' || b.style === 'ol');
      while (isItem(blocks[j + 1]) && ((blocks[j + 1] as Paragraph).level || (blocks[j + 1] as Paragraph).style === block.style)) j++;
      const run = blocks.slice(i, j + 1) as Paragraph[];
      const listIndex = block.source === undefined ? undefined : doc.listOf.get(block.source);
      const original = listIndex === undefined ? undefined : doc.lists[listIndex];
      if (original && original.items.length === run.length && run.every((p, k) => p.source === original.items[k] && unchanged(p))) {
        out.push(original.el.cloneNode(true));
      } else {
        const ownStyle = original && run.every((p) => p.source !== undefined && doc.listOf.get(p.source) === listIndex) ? attr(original.el, 'text', 'style-name') : null;
        const top = el('text', 'list', { 'text:style-name': ownStyle ?? listStyle(block.style) });
        // The open lists, outermost first: an item at level n goes into a list nested in the last item of level n - 1
        // (an item that jumps levels gets empty items between, as ODF allows).
        const baseStyle = ownStyle ?? listStyle(block.style);
        const open: Element[] = [top];
        for (const p of run) {
          const level = p.level ?? 0;
          open.length = Math.min(open.length, level + 1);
          while (open.length <= level) {
            const parent = open.at(-1)!;
            let item = elements(parent, 'list-item').at(-1);
            if (!item) parent.appendChild((item = el('text', 'list-item')));
            const nested = el('text', 'list');
            // A nested list of another kind than its level of the list's style names a style of its own.
            const kind = p.style === 'ol' ? 'ol' : 'ul';
            if (listKindOf(baseStyle, open.length) !== kind) setAttr(nested, 'text', 'style-name', listStyle(kind));
            item.appendChild(nested);
            open.push(nested);
          }
          const item = el('text', 'list-item');
          item.appendChild(paragraph(p));
          open[level]!.appendChild(item);
        }
        out.push(top);
      }
      for (const p of run) if (p.source !== undefined) used.add(p.source);
      i = j;
      continue;
    }
    if (unchanged(block)) {
      used.add(block.source!);
      out.push(doc.sources[block.source!]!.cloneNode(true));
      continue;
    }
    if (block.kind === 'keep') continue;
    if (block.source !== undefined) used.add(block.source);
    out.push(block.kind === 'p' ? paragraph(block) : table(block));
  }
  while (body.firstChild) body.removeChild(body.firstChild);
  for (const node of doc.prelude) body.appendChild(node);
  for (const node of out) body.appendChild(node);
  if (!out.length) body.appendChild(el('text', 'p'));
  return doc.pkg.toBytes();
}
