/** Which items are selected, and the anchor a shift-click extends from. */
export interface Selection {
  selected: string[];
  anchor: string | null;
}

export interface SelectionResult {
  selection: Selection;
  /** True when the cap (max_select_count) cut the selection short. */
  capped: boolean;
}

export type SelectMode =
  /** Plain click: only this item. */
  | 'single'
  /** Ctrl/Cmd-click or the row checkbox: add or remove this item. */
  | 'toggle'
  /** Shift-click: everything from the anchor to this item. */
  | 'range';

export const EMPTY_SELECTION: Selection = { selected: [], anchor: null };

/**
 * Applies a click to the selection. `order` is the items in the order shown; `max` caps how many can be
 * selected at once (remote max_select_count).
 */
export function applySelect(current: Selection, order: readonly string[], uuid: string, mode: SelectMode, max: number): SelectionResult {
  if (mode === 'single') return { selection: { selected: [uuid], anchor: uuid }, capped: false };

  if (mode === 'toggle') {
    if (current.selected.includes(uuid)) {
      return { selection: { selected: current.selected.filter((id) => id !== uuid), anchor: uuid }, capped: false };
    }
    if (current.selected.length >= max) return { selection: current, capped: true };
    return { selection: { selected: [...current.selected, uuid], anchor: uuid }, capped: false };
  }

  const anchor = current.anchor !== null && order.includes(current.anchor) ? current.anchor : uuid;
  const from = order.indexOf(anchor);
  const to = order.indexOf(uuid);
  if (to < 0) return { selection: current, capped: false };
  const step = to >= from ? 1 : -1;
  // Walk outward from the anchor so a capped range keeps the items next to it.
  const range: string[] = [];
  for (let i = from; step > 0 ? i <= to : i >= to; i += step) range.push(order[i]!);
  const capped = range.length > max;
  const kept = new Set(range.slice(0, max));
  return { selection: { selected: order.filter((id) => kept.has(id)), anchor }, capped };
}

/** Select all loaded items, at most `max` of them (in the order shown). */
export function selectAll(order: readonly string[], max: number): SelectionResult {
  const selected = order.slice(0, max);
  return { selection: { selected, anchor: selected[0] ?? null }, capped: order.length > max };
}

/** Drops selected ids that are no longer listed (after a move, trash or refetch). */
export function pruneSelection(current: Selection, order: readonly string[]): Selection {
  const present = new Set(order);
  const selected = current.selected.filter((id) => present.has(id));
  if (selected.length === current.selected.length && (current.anchor === null || present.has(current.anchor))) return current;
  return { selected, anchor: current.anchor !== null && present.has(current.anchor) ? current.anchor : (selected[0] ?? null) };
}

/** The click modifiers of a mouse or keyboard event as a select mode. */
export function selectModeOf(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): SelectMode {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey) return 'toggle';
  return 'single';
}
