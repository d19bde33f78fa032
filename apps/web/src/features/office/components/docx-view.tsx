import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../ooxml/docx';
import { openDocument, type DocumentFile } from '../ooxml/open-document';
import { useOpened } from './use-opened';
import { readBlocks, renderBlocks, tableEl } from './docx-html';
import type { ViewProps } from './view-props';
import styles from './office.module.css';

type BlockChoice = 'p' | 'h1' | 'h2' | 'h3';

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp', bmp: 'image/bmp' };

/** A word-processing document: its body as editable blocks, a toolbar for the formatting the writer keeps. */
export function DocxView(props: ViewProps) {
  const { file, placeholder } = useOpened(openDocument, props.format, props.bytes);
  return file ? <DocxEditor {...props} doc={file} /> : placeholder;
}

function DocxEditor({ doc, editable, onChange, handle }: ViewProps & { doc: DocumentFile }) {
  const { t } = useTranslation('office');
  const root = useRef<HTMLDivElement>(null);
  const [block, setBlock] = useState<BlockChoice>('p');
  const [marks, setMarks] = useState({ bold: false, italic: false, underline: false });
  const [inTable, setInTable] = useState(false);

  useEffect(() => {
    const urls: string[] = [];
    let live = true;
    // Pictures are read from the package after the text is on the page (a 5 MB photo would hold up the first paint).
    const afterPaint = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const image = (path: string) => {
      if (!doc.pkg.has(path)) return undefined;
      return afterPaint.then(() => {
        const data = live ? doc.pkg.bytes(path) : undefined;
        if (!data) return undefined;
        const url = URL.createObjectURL(new Blob([data as Uint8Array<ArrayBuffer>], { type: MIME[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream' }));
        urls.push(url);
        return url;
      });
    };
    // Enter makes paragraphs (<p>), which the writer maps to Word's, not <div>s (editing commands are absent in jsdom).
    // Set before the blocks are in the page: the command lays the page out, which took 0.7 s under load with a long
    // document in it (bench/office-trace.mjs).
    if (typeof document.execCommand === 'function') document.execCommand('defaultParagraphSeparator', false, 'p');
    if (root.current) renderBlocks(root.current, doc.blocks, image, (kind) => t(kind === 'image' ? 'image' : 'object'));
    return () => {
      live = false;
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [doc, t]);

  useImperativeHandle(handle, () => ({
    serialize: () => {
      const kept = new Map<number, Block>(doc.blocks.filter((b) => b.kind === 'keep').map((b): [number, Block] => [b.source!, b]));
      return doc.write(readBlocks(root.current!, (source) => kept.get(source)));
    },
  }));

  // The toolbar shows the formatting where the caret is.
  useEffect(() => {
    const onSelection = () => {
      const sel = document.getSelection();
      if (!sel?.anchorNode || !root.current?.contains(sel.anchorNode)) return;
      setInTable(Boolean(currentCell()));
      if (typeof document.queryCommandState !== 'function') return;
      setMarks({ bold: document.queryCommandState('bold'), italic: document.queryCommandState('italic'), underline: document.queryCommandState('underline') });
      const tag = String(document.queryCommandValue('formatBlock')).toLowerCase();
      setBlock(tag === 'h1' || tag === 'h2' || tag === 'h3' ? tag : 'p');
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const run = (command: string, value?: string) => {
    root.current?.focus();
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(command, false, value);
    onChange();
  };

  const insertTable = () => {
    root.current?.focus();
    const table = tableEl(document, Array.from({ length: 3 }, () => Array.from({ length: 3 }, () => [])), undefined);
    document.execCommand('insertHTML', false, `${table.outerHTML}<p><br></p>`);
    onChange();
  };

  /** The table cell the caret is in, if any. */
  const currentCell = (): HTMLTableCellElement | null => {
    const node = document.getSelection()?.anchorNode;
    const el = node ? (node instanceof Element ? node : node.parentElement) : null;
    const cell = el?.closest('td, th');
    return cell instanceof HTMLTableCellElement && root.current?.contains(cell) ? cell : null;
  };

  /** Adds or removes the caret's row or column; the writer keeps the properties of the rows and columns that stay. */
  const editTable = (action: 'add_row' | 'delete_row' | 'add_column' | 'delete_column') => {
    const cell = currentCell();
    const row = cell?.parentElement;
    const table = row?.closest('table');
    if (!cell || !row || !table) return;
    const rows = [...table.querySelectorAll('tr')];
    const emptyCell = (from: HTMLTableCellElement) => {
      const td = from.cloneNode(false) as HTMLTableCellElement;
      td.replaceChildren(Object.assign(document.createElement('p'), { innerHTML: '<br>' }));
      return td;
    };
    let caret: Element | null = null;
    if (action === 'add_row') {
      const tr = row.cloneNode(false) as HTMLTableRowElement;
      delete tr.dataset.row;
      for (const c of row.children) if (c instanceof HTMLTableCellElement) tr.appendChild(emptyCell(c));
      row.after(tr);
      caret = tr.children[cell.cellIndex] ?? tr.firstElementChild;
    } else if (action === 'add_column') {
      const index = cell.cellIndex;
      for (const tr of rows) {
        const at = tr.children[Math.min(index, tr.children.length - 1)];
        if (!(at instanceof HTMLTableCellElement)) continue;
        const td = emptyCell(at);
        delete td.dataset.col;
        at.after(td);
        if (tr === row) caret = td;
      }
    } else if (action === 'delete_row') {
      caret = (row.nextElementSibling ?? row.previousElementSibling)?.children[cell.cellIndex] ?? null;
      row.remove();
    } else {
      const index = cell.cellIndex;
      caret = cell.nextElementSibling ?? cell.previousElementSibling;
      for (const tr of rows) tr.children[index]?.remove();
    }
    // A table without rows or cells is gone.
    if (!table.querySelector('td, th')) {
      const p = document.createElement('p');
      p.innerHTML = '<br>';
      table.replaceWith(p);
      caret = p;
    }
    if (caret) {
      const range = document.createRange();
      range.selectNodeContents(caret);
      range.collapse(true);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
    }
    setInTable(Boolean(caret?.closest('td, th')));
    onChange();
  };

  const toggle = (name: 'bold' | 'italic' | 'underline', label: string, glyph: string, className: string) => (
    <button type="button" className={`${styles.tool} ${className}`} aria-pressed={marks[name]} aria-label={label} title={label} onMouseDown={(e) => e.preventDefault()} onClick={() => run(name)}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );

  return (
    <div className={styles.docx}>
      {editable ? (
        <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar')}>
          <select
            className={styles.select}
            aria-label={t('block_style')}
            value={block}
            onChange={(e) => {
              const value = e.target.value as BlockChoice;
              setBlock(value);
              run('formatBlock', value);
            }}
          >
            {(['p', 'h1', 'h2', 'h3'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`style_${s}`)}
              </option>
            ))}
          </select>
          {toggle('bold', t('bold'), 'B', styles.bold!)}
          {toggle('italic', t('italic'), 'I', styles.italic!)}
          {toggle('underline', t('underline'), 'U', styles.underline!)}
          <button type="button" className={styles.tool} aria-label={t('bullet_list')} title={t('bullet_list')} onMouseDown={(e) => e.preventDefault()} onClick={() => run('insertUnorderedList')}>
            <span aria-hidden="true">•≡</span>
          </button>
          <button type="button" className={styles.tool} aria-label={t('numbered_list')} title={t('numbered_list')} onMouseDown={(e) => e.preventDefault()} onClick={() => run('insertOrderedList')}>
            {/* Drawn by CSS: a digit in the button's text would not match its name (axe). */}
            <span aria-hidden="true" className={styles.glyph} data-glyph="1≡" />
          </button>
          <button type="button" className={styles.tool} aria-label={t('insert_table')} title={t('insert_table')} onMouseDown={(e) => e.preventDefault()} onClick={insertTable}>
            <span aria-hidden="true">▦</span>
          </button>
          {(['add_row', 'delete_row', 'add_column', 'delete_column'] as const).map((action) => (
            <button
              key={action}
              type="button"
              className={styles.tool}
              aria-label={t(`table_${action}`)}
              title={t(`table_${action}`)}
              disabled={!inTable}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => editTable(action)}
              data-testid={`office-table-${action}`}
            >
              <span aria-hidden="true" className={styles.tableGlyph} data-action={action} />
            </button>
          ))}
        </div>
      ) : null}
      <div className={styles.page}>
        <div
          ref={root}
          className={styles.paper}
          contentEditable={editable}
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-readonly={!editable}
          aria-label={t('document_label')}
          tabIndex={0}
          spellCheck
          onInput={onChange}
          data-testid="office-document"
        />
      </div>
    </div>
  );
}
