/**
 * The active option of a combobox after an arrow key: down from the box goes to the first option, up from it to the
 * last; both wrap. -1 means the box itself (no option active).
 */
export function moveActiveOption(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
