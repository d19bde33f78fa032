import type { KeyboardEvent } from 'react';

/** Arrow keys move focus between the rows of a listing (the rows are the focusable `[data-row]` items). */
export function focusSiblingRow(event: KeyboardEvent<HTMLElement>, rowSelector: string): HTMLElement | null {
  const keys = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End'];
  if (!keys.includes(event.key)) return null;
  const rows = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(rowSelector));
  const index = rows.findIndex((row) => row === document.activeElement);
  if (index < 0) return null;
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const forward = event.key === 'ArrowDown' || event.key === (rtl ? 'ArrowLeft' : 'ArrowRight');
  let next = index;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = rows.length - 1;
  else next = forward ? Math.min(rows.length - 1, index + 1) : Math.max(0, index - 1);
  const target = rows[next];
  if (!target || next === index) return null;
  event.preventDefault();
  target.focus();
  return target;
}
