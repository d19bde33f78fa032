import type { Block, BlockStyle, Inline, Paragraph } from '../ooxml/docx';

// The document's blocks as the editable HTML the browser edits (one contentEditable root), and back. Each block carries
// data-src, the body element it came from, so unchanged blocks are written back as they were.

const TAG: Record<BlockStyle, string> = { p: 'p', h1: 'h1', h2: 'h2', h3: 'h3', ul: 'li', ol: 'li' };

/**
 * A picture's address for the page: at once, or later (a promise; the picture is drawn when it comes, so the text is
 * not held up by it), or undefined when the package has no such part (a placeholder is shown).
 */
export type ImageSource = (path: string) => string | Promise<string | undefined> | undefined;

function renderInlines(parent: HTMLElement, inlines: readonly Inline[], image: ImageSource, label: (kind: string) => string) {
  const doc = parent.ownerDocument;
  for (const inline of inlines) {
    if (inline.kind === 'break') parent.appendChild(doc.createElement('br'));
    else if (inline.kind === 'keep') {
      const span = doc.createElement('span');
      span.contentEditable = 'false';
      span.dataset.keep = String(inline.id);
      const src = inline.image ? image(inline.image) : undefined;
      const placeholder = () => {
        span.replaceChildren(label(inline.label));
        span.dataset.placeholder = 'true';
      };
      if (src) {
        const img = doc.createElement('img');
        img.alt = label(inline.label);
        // Large photos decode off the main thread.
        img.decoding = 'async';
        if (typeof src === 'string') img.src = src;
        else void src.then((url) => (url ? (img.src = url) : placeholder()), placeholder);
        span.appendChild(img);
      } else placeholder();
      parent.appendChild(span);
    } else {
      let node: Node = doc.createTextNode(inline.text);
      for (const [on, tag] of [
        [inline.u, 'u'],
        [inline.i, 'i'],
        [inline.b, 'b'],
      ] as const) {
        if (!on) continue;
        const wrap = doc.createElement(tag);
        wrap.appendChild(node);
        node = wrap;
      }
      parent.appendChild(node);
    }
  }
  // An empty block still takes a line the caret can reach.
  if (!parent.firstChild || parent.lastChild?.nodeName === 'BR') parent.appendChild(doc.createElement('br'));
}

function paragraphEl(doc: Document, p: Paragraph, image: ImageSource, label: (kind: string) => string): HTMLElement {
  const el = doc.createElement(TAG[p.style]);
  if (p.source !== undefined) el.dataset.src = String(p.source);
  renderInlines(el, p.inlines, image, label);
  return el;
}

export function renderBlocks(root: HTMLElement, blocks: readonly Block[], image: ImageSource, label: (kind: string) => string): void {
  const doc = root.ownerDocument;
  root.replaceChildren();
  // The open lists, outermost first: a nested item goes into a list inside the last item one level up.
  let lists: HTMLElement[] = [];
  for (const block of blocks) {
    if (block.kind === 'p' && (block.style === 'ul' || block.style === 'ol')) {
      const tag = block.style;
      const level = block.level ?? 0;
      lists.length = Math.min(lists.length, level + 1);
      // A new outermost list when the kind changes; a nested one of another kind likewise.
      if (lists.length === level + 1 && lists[level]!.nodeName.toLowerCase() !== tag) lists.length = level;
      while (lists.length <= level) {
        const list = doc.createElement(lists.length === level ? tag : (lists.at(-1)?.nodeName.toLowerCase() ?? tag));
        const parent = lists.at(-1);
        if (!parent) root.appendChild(list);
        else {
          let li = parent.lastElementChild as HTMLElement | null;
          if (!li) parent.appendChild((li = doc.createElement('li')));
          li.appendChild(list);
        }
        lists.push(list);
      }
      lists[level]!.appendChild(paragraphEl(doc, block, image, label));
      continue;
    }
    lists = [];
    if (block.kind === 'p') root.appendChild(paragraphEl(doc, block, image, label));
    else if (block.kind === 'table') root.appendChild(tableEl(doc, block.rows, block.source, image, label));
    else {
      const div = doc.createElement('div');
      div.contentEditable = 'false';
      div.dataset.keepBlock = String(block.source);
      div.dataset.placeholder = 'true';
      div.textContent = label('object');
      root.appendChild(div);
    }
  }
  if (!root.firstChild) root.appendChild(paragraphEl(doc, { kind: 'p', style: 'p', inlines: [] }, image, label));
}

export function tableEl(
  doc: Document,
  rows: readonly Paragraph[][][],
  source: number | undefined,
  image: ImageSource = () => undefined,
  label: (kind: string) => string = (k) => k,
): HTMLTableElement {
  const table = doc.createElement('table');
  if (source !== undefined) table.dataset.src = String(source);
  const body = doc.createElement('tbody');
  rows.forEach((row, r) => {
    const tr = doc.createElement('tr');
    // Where each row and column came from, so the writer keeps their properties when rows or columns change.
    if (source !== undefined) tr.dataset.row = String(r);
    row.forEach((cell, c) => {
      const td = doc.createElement('td');
      if (source !== undefined) td.dataset.col = String(c);
      for (const p of cell.length ? cell : [{ kind: 'p', style: 'p', inlines: [] } as Paragraph]) td.appendChild(paragraphEl(doc, p, image, label));
      tr.appendChild(td);
    });
    body.appendChild(tr);
  });
  table.appendChild(body);
  return table;
}

// --- back from the HTML

interface Fmt {
  b: boolean;
  i: boolean;
  u: boolean;
}

function readInlines(node: Node, fmt: Fmt, out: Inline[]): void {
  for (let n = node.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === Node.TEXT_NODE) {
      const text = (n.nodeValue ?? '').replace(/\u00a0/g, ' ').replace(/\u200b/g, '');
      if (!text) continue;
      const last = out.at(-1);
      if (last?.kind === 'text' && !!last.b === fmt.b && !!last.i === fmt.i && !!last.u === fmt.u) last.text += text;
      else out.push({ kind: 'text', text, ...(fmt.b ? { b: true } : {}), ...(fmt.i ? { i: true } : {}), ...(fmt.u ? { u: true } : {}) });
      continue;
    }
    if (!(n instanceof HTMLElement)) continue;
    if (n.dataset.keep !== undefined) {
      out.push({ kind: 'keep', id: Number(n.dataset.keep), label: '' });
      continue;
    }
    const tag = n.nodeName;
    // A list nested in a list item is blocks of its own (readList), not the item's text.
    if (tag === 'UL' || tag === 'OL') continue;
    if (tag === 'BR') {
      // The browser's filler at the end of a block is no line break.
      if (n.nextSibling || node.lastChild !== n) out.push({ kind: 'break' });
      continue;
    }
    const style = n.style;
    readInlines(n, {
      b: fmt.b || tag === 'B' || tag === 'STRONG' || style.fontWeight === 'bold' || Number(style.fontWeight) >= 600,
      i: fmt.i || tag === 'I' || tag === 'EM' || style.fontStyle === 'italic',
      u: fmt.u || tag === 'U' || style.textDecoration.includes('underline') || style.textDecorationLine.includes('underline'),
    }, out);
  }
}

const NONE: Fmt = { b: false, i: false, u: false };

function paragraphOf(el: HTMLElement, style: BlockStyle, level = 0): Paragraph {
  const inlines: Inline[] = [];
  readInlines(el, NONE, inlines);
  // Kept runs carry only their id; the reader's label is cosmetic and not compared.
  const src = el.dataset.src;
  return { kind: 'p', style, inlines, ...(level ? { level } : {}), ...(src !== undefined ? { source: Number(src) } : {}) };
}

/**
 * A list's items, nested lists included at their level: inside an item (as rendered) or straight inside the list (as
 * the browser's indent command makes them). An item holding only a nested list is no paragraph of its own.
 */
function readList(list: Element, level: number, out: Block[]): void {
  const style: BlockStyle = list.nodeName === 'OL' ? 'ol' : 'ul';
  for (const item of list.children) {
    if (!(item instanceof HTMLElement)) continue;
    if (item.nodeName === 'UL' || item.nodeName === 'OL') {
      readList(item, Math.min(9, level + 1), out);
      continue;
    }
    const nested = [...item.children].filter((c) => c.nodeName === 'UL' || c.nodeName === 'OL');
    const onlyNested = nested.length > 0 && [...item.childNodes].every((n) => nested.includes(n as Element) || (n.nodeType === Node.TEXT_NODE && !(n.nodeValue ?? '').trim()));
    if (!onlyNested) out.push(paragraphOf(item, style, level));
    for (const n of nested) readList(n, Math.min(9, level + 1), out);
  }
}

const STYLE_OF_TAG: Record<string, BlockStyle> = { P: 'p', DIV: 'p', H1: 'h1', H2: 'h2', H3: 'h3', H4: 'h3', H5: 'h3', H6: 'h3', BLOCKQUOTE: 'p', PRE: 'p' };

function cellParagraphs(td: HTMLElement): Paragraph[] {
  const blocks = [...td.children].filter((c) => c instanceof HTMLElement && STYLE_OF_TAG[c.nodeName]) as HTMLElement[];
  if (!blocks.length) return [paragraphOf(td, 'p')];
  return blocks.map((b) => paragraphOf(b, STYLE_OF_TAG[b.nodeName]!));
}

export function readBlocks(root: HTMLElement, kept: (source: number) => Block | undefined): Block[] {
  const blocks: Block[] = [];
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === Node.TEXT_NODE) {
      // Text typed straight into the root: a paragraph of its own.
      if (!(n.nodeValue ?? '').trim()) continue;
      const p = root.ownerDocument.createElement('p');
      p.appendChild(n.cloneNode());
      blocks.push(paragraphOf(p, 'p'));
      continue;
    }
    if (!(n instanceof HTMLElement)) continue;
    if (n.dataset.keepBlock !== undefined) {
      const block = kept(Number(n.dataset.keepBlock));
      if (block) blocks.push(block);
    } else if (n.nodeName === 'UL' || n.nodeName === 'OL') {
      readList(n, 0, blocks);
    } else if (n.nodeName === 'TABLE') {
      const trs = [...n.querySelectorAll('tr')];
      const cellsOf = (tr: Element) => [...tr.children].filter((c) => c.nodeName === 'TD' || c.nodeName === 'TH') as HTMLElement[];
      const rows = trs.map((tr) => cellsOf(tr).map(cellParagraphs));
      const src = n.dataset.src;
      const index = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
      blocks.push({
        kind: 'table',
        rows,
        ...(src !== undefined
          ? { source: Number(src), rowSources: trs.map((tr) => index(tr.dataset.row)), colSources: cellsOf(trs[0] ?? n).map((td) => index(td.dataset.col)) }
          : {}),
      });
    } else blocks.push(paragraphOf(n, STYLE_OF_TAG[n.nodeName] ?? 'p'));
  }
  return blocks;
}
