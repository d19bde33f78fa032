import type { KeyboardEvent } from 'react';
import { gridTarget, type CellPlace } from '@/media/grid/grid-keys';

const KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End']);

/** Where the rows sit in the grid view: one line per distinct top, inline extent measured from the inline start. */
function cardPlaces(rows: readonly HTMLElement[], rtl: boolean): CellPlace[] {
  let line = -1;
  let lineTop = Number.NEGATIVE_INFINITY;
  return rows.map((row, index) => {
    const rect = row.getBoundingClientRect();
    // A new line starts where a row begins below the middle of the previous line's first row.
    if (index === 0 || rect.top > lineTop) {
      line++;
      lineTop = rect.top + rect.height / 2;
    }
    return { index, row: line, start: rtl ? -rect.right : rect.left, end: rtl ? -rect.left : rect.right };
  });
}

/**
 * Arrow keys move focus between the rows of a listing (the rows are the focusable `[data-row]` items), as the
 * grid pattern does: left and right through the order, up and down a line (a column in the grid view), Home
 * and End to the first and last.
 */
export function focusSiblingRow(event: KeyboardEvent<HTMLElement>, rowSelector: string): HTMLElement | null {
  if (!KEYS.has(event.key) || event.altKey) return null;
  const rows = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(rowSelector));
  const index = rows.findIndex((row) => row === document.activeElement);
  if (index < 0) return null;
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const whole = event.key === 'Home' || event.key === 'End';
  // The list view is one column: no need to measure.
  const places = event.currentTarget.dataset.view === 'grid' ? cardPlaces(rows, rtl) : rows.map((_, i) => ({ index: i, row: i, start: 0, end: 1 }));
  const next = gridTarget(places, index, { key: event.key, ctrlKey: whole }, rtl);
  const target = next === null ? undefined : rows[next];
  if (!target) return null;
  event.preventDefault();
  target.focus();
  return target;
}
