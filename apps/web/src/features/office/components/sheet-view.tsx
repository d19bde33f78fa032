import { useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Evaluator } from '../ooxml/formula';
import { formatValue } from '../ooxml/number-format';
import { openWorkbook, type WorkbookFile } from '../ooxml/open-workbook';
import { useOpened } from './use-opened';
import { columnName, inputOf, refOf, setCell, type Sheet } from '../ooxml/xlsx';
import type { ViewProps } from './view-props';
import styles from './office.module.css';

const ROW_HEIGHT = 28;
const COL_WIDTH = 104;
const HEADER_WIDTH = 56;
/** The formula engine's module, fetched once the first rows are drawn (its start-up would otherwise delay them). */
const loadFormulaEngine = () => import('../ooxml/formula');

/** Rows drawn beyond the visible ones, so scrolling does not show blank space. */
const OVERSCAN = 12;

/** A spreadsheet: sheet tabs, a formula bar, and a grid that draws only the rows in view (10,000 rows stay fast). */
export function SheetView(props: ViewProps) {
  const opened = useOpened(openWorkbook, props.format, props.bytes);
  return opened.file ? <SheetGrid {...props} file={opened.file} /> : opened.placeholder;
}

function SheetGrid({ file, editable, onChange, handle }: ViewProps & { file: WorkbookFile }) {
  const { t } = useTranslation('office');
  const book = file.book;
  // The formula engine (a parser generator and hundreds of functions) comes after the first rows are drawn: until then
  // formulas show the results the file holds, as spreadsheet programs show them on opening; a formula without one
  // shows its result when the engine is there.
  const [evaluator, setEvaluator] = useState<Evaluator | null>(null);
  useEffect(() => {
    let live = true;
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        void loadFormulaEngine().then((m) => {
          if (live) setEvaluator(m.createEvaluator(book));
        });
      }, 0),
    );
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [book]);
  const valueOf = (s: Sheet, cellRef: string) => (evaluator ? evaluator.cell(s, cellRef) : s.cells.get(cellRef));
  const [sheetIndex, setSheetIndex] = useState(0);
  const [selected, setSelected] = useState({ row: 0, col: 0 });
  const [draft, setDraft] = useState<string | null>(null);
  // Bumped by every edit: the grid draws again from the workbook, which is changed in place.
  const [, setVersion] = useState(0);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  const grid = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLInputElement>(null);
  const sheet = book.sheets[sheetIndex] ?? book.sheets[0];

  // Saved before the engine came (a quick save of an unedited sheet): the results the file held are written again.
  useImperativeHandle(handle, () => ({ serialize: () => file.write((s, ref) => (evaluator ? evaluator.cell(s, ref) : s.cells.get(ref)) ?? { value: null }) }));

  const ref = refOf(selected.row, selected.col);
  const rows = Math.max((sheet?.rows ?? 0) + 50, 100);
  const cols = Math.max((sheet?.cols ?? 0) + 3, 12);
  const first = Math.max(0, Math.floor(scroll.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows, Math.ceil((scroll.top + scroll.height) / ROW_HEIGHT) + OVERSCAN);

  const commit = useCallback(
    (value: string) => {
      if (!sheet || !editable) return;
      setCell(book, sheet, refOf(selected.row, selected.col), value);
      evaluator?.invalidate();
      setVersion((v) => v + 1);
      onChange();
    },
    [book, editable, evaluator, onChange, selected, sheet],
  );

  /** Inserts a row above / a column left of the selected cell, or deletes its row / column. */
  const reshape = (axis: 'row' | 'col', count: 1 | -1) => {
    if (!sheet || !editable) return;
    file.shift(sheet, axis, selected[axis], count);
    evaluator?.invalidate();
    setDraft(null);
    setVersion((v) => v + 1);
    onChange();
  };

  const move = (row: number, col: number, focusGrid = true) => {
    const next = { row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) };
    setSelected(next);
    setDraft(null);
    const el = grid.current;
    if (el) {
      const top = next.row * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT * 2 > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT * 2 - el.clientHeight;
      if (focusGrid) el.focus();
    }
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const { row, col } = selected;
    const rtl = document.documentElement.dir === 'rtl';
    const keys: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowRight: [0, rtl ? -1 : 1],
      ArrowLeft: [0, rtl ? 1 : -1],
      Enter: [1, 0],
    };
    const step = keys[event.key];
    if (step && !(event.key === 'Enter' && editable)) {
      event.preventDefault();
      move(row + step[0], col + step[1]);
    } else if (editable && (event.key === 'Enter' || event.key === 'F2')) {
      event.preventDefault();
      bar.current?.focus();
    } else if (editable && (event.key === 'Delete' || event.key === 'Backspace')) {
      event.preventDefault();
      commit('');
    } else if (editable && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on a cell starts editing it, as in any spreadsheet.
      event.preventDefault();
      setDraft(event.key);
      bar.current?.focus();
    }
  };

  const onBarKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      if (draft !== null) commit(draft);
      move(selected.row + (event.key === 'Enter' ? (event.shiftKey ? -1 : 1) : 0), selected.col + (event.key === 'Tab' ? (event.shiftKey ? -1 : 1) : 0));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(null);
      grid.current?.focus();
    }
  };

  if (!sheet) return <p className={styles.message}>{t('load_error')}</p>;
  const current = inputOf(sheet.cells.get(ref));

  const body = [];
  for (let r = first; r < last; r++) {
    const cells = [];
    for (let c = 0; c < cols; c++) {
      const cellRef = refOf(r, c);
      const value = valueOf(sheet, cellRef);
      const text = formatValue(value, book.formats);
      const isSelected = r === selected.row && c === selected.col;
      cells.push(
        <div
          key={c}
          role="gridcell"
          id={isSelected ? 'office-active-cell' : undefined}
          aria-selected={isSelected}
          className={`${styles.cell} ${isSelected ? styles.cellSelected : ''} ${typeof value?.value === 'number' ? styles.cellNumber : ''}`}
          onMouseDown={() => move(r, c)}
          onDoubleClick={() => editable && bar.current?.focus()}
          data-ref={cellRef}
        >
          {text}
        </div>,
      );
    }
    body.push(
      <div key={r} role="row" aria-rowindex={r + 2} className={styles.row} style={{ top: (r + 1) * ROW_HEIGHT }}>
        <div role="rowheader" className={styles.rowHeader}>
          {r + 1}
        </div>
        {cells}
      </div>,
    );
  }

  return (
    <div className={styles.sheet}>
      <div className={styles.formulaBar}>
        <span className={styles.nameBox} aria-label={t('cell_name')} data-testid="office-cell-name">
          {ref}
        </span>
        <input
          ref={bar}
          className={styles.formulaInput}
          aria-label={t('formula_bar')}
          value={draft ?? current}
          readOnly={!editable}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onBarKey}
          onBlur={() => {
            if (draft !== null) {
              commit(draft);
              setDraft(null);
            }
          }}
          dir="ltr"
          data-testid="office-formula"
        />
        {editable ? (
          <div className={styles.sheetTools} role="group" aria-label={t('sheet_structure')}>
            {(
              [
                ['insert_row', 'row', 1, 'add_row'],
                ['delete_row', 'row', -1, 'delete_row'],
                ['insert_column', 'col', 1, 'add_column'],
                ['delete_column', 'col', -1, 'delete_column'],
              ] as const
            ).map(([key, axis, count, glyph]) => (
              <button
                key={key}
                type="button"
                className={styles.tool}
                aria-label={t(`sheet_${key}`)}
                title={t(`sheet_${key}`)}
                onClick={() => reshape(axis, count)}
                data-testid={`office-sheet-${key}`}
              >
                <span aria-hidden="true" className={styles.tableGlyph} data-action={glyph} />
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div
        ref={grid}
        className={styles.grid}
        role="grid"
        aria-label={t('grid_label', { sheet: sheet.name })}
        aria-rowcount={rows + 1}
        aria-colcount={cols + 1}
        aria-activedescendant={selected.row >= first && selected.row < last ? 'office-active-cell' : undefined}
        tabIndex={0}
        onKeyDown={onGridKey}
        onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
        dir="ltr"
        data-testid="office-grid"
      >
        <div className={styles.gridInner} style={{ height: (rows + 1) * ROW_HEIGHT, width: HEADER_WIDTH + cols * COL_WIDTH }}>
          <div role="row" aria-rowindex={1} className={`${styles.row} ${styles.headerRow}`} style={{ top: 0 }}>
            <div role="columnheader" className={styles.rowHeader} aria-label={t('cell_name')} />
            {Array.from({ length: cols }, (_, c) => (
              <div key={c} role="columnheader" className={styles.colHeader}>
                {columnName(c)}
              </div>
            ))}
          </div>
          {body}
        </div>
      </div>
      <div className={styles.tabBar}>
      <div className={styles.tabs} role="tablist" aria-label={t('sheet_tabs')}>
        {book.sheets.map((s, i) => (
          <button
            key={s.path}
            type="button"
            role="tab"
            aria-selected={i === sheetIndex}
            className={styles.tab}
            onClick={() => {
              setSheetIndex(i);
              setSelected({ row: 0, col: 0 });
              setDraft(null);
            }}
          >
            {s.name}
          </button>
        ))}
      </div>
        {editable ? (
          <button
            type="button"
            className={styles.tool}
            aria-label={t('add_sheet')}
            title={t('add_sheet')}
            onClick={() => {
              let n = book.sheets.length + 1;
              while (book.sheets.some((s) => s.name === t('new_sheet_name', { n }))) n++;
              file.addSheet(t('new_sheet_name', { n }));
              setSheetIndex(book.sheets.length - 1);
              onChange();
            }}
          >
            <span aria-hidden="true">+</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
