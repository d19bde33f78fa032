import { describe, expect, it } from 'vitest';
import { applySelect, EMPTY_SELECTION, pruneSelection, selectAll, selectModeOf } from './selection';

const order = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('selection', () => {
  it('a plain click selects only that item and makes it the anchor', () => {
    const start = { selected: ['a', 'b'], anchor: 'a' };
    expect(applySelect(start, order, 'd', 'single', 500)).toEqual({ selection: { selected: ['d'], anchor: 'd' }, capped: false });
  });

  it('ctrl/cmd-click adds or removes one item', () => {
    let state = applySelect(EMPTY_SELECTION, order, 'b', 'single', 500).selection;
    state = applySelect(state, order, 'e', 'toggle', 500).selection;
    expect(state).toEqual({ selected: ['b', 'e'], anchor: 'e' });
    state = applySelect(state, order, 'b', 'toggle', 500).selection;
    expect(state).toEqual({ selected: ['e'], anchor: 'b' });
  });

  it('shift-click selects the range from the anchor in either direction, in listing order', () => {
    const anchored = { selected: ['c'], anchor: 'c' };
    expect(applySelect(anchored, order, 'f', 'range', 500).selection).toEqual({ selected: ['c', 'd', 'e', 'f'], anchor: 'c' });
    expect(applySelect(anchored, order, 'a', 'range', 500).selection).toEqual({ selected: ['a', 'b', 'c'], anchor: 'c' });
    // A second shift-click re-ranges from the same anchor instead of adding up.
    const wide = applySelect(anchored, order, 'g', 'range', 500).selection;
    expect(applySelect(wide, order, 'd', 'range', 500).selection.selected).toEqual(['c', 'd']);
  });

  it('shift-click without an anchor (or with a vanished one) selects just the clicked item', () => {
    expect(applySelect(EMPTY_SELECTION, order, 'd', 'range', 500).selection).toEqual({ selected: ['d'], anchor: 'd' });
    expect(applySelect({ selected: [], anchor: 'gone' }, order, 'b', 'range', 500).selection.selected).toEqual(['b']);
  });

  it('caps a range at max_select_count, keeping the items nearest the anchor', () => {
    const fromEnd = applySelect({ selected: ['g'], anchor: 'g' }, order, 'a', 'range', 3);
    expect(fromEnd).toEqual({ selection: { selected: ['e', 'f', 'g'], anchor: 'g' }, capped: true });
    const fromStart = applySelect({ selected: ['a'], anchor: 'a' }, order, 'g', 'range', 3);
    expect(fromStart.selection.selected).toEqual(['a', 'b', 'c']);
    expect(fromStart.capped).toBe(true);
    expect(applySelect({ selected: ['a'], anchor: 'a' }, order, 'c', 'range', 3).capped).toBe(false);
  });

  it('refuses a ctrl-click beyond the cap', () => {
    const full = { selected: ['a', 'b'], anchor: 'b' };
    expect(applySelect(full, order, 'c', 'toggle', 2)).toEqual({ selection: full, capped: true });
    // Removing is always allowed.
    expect(applySelect(full, order, 'a', 'toggle', 2).capped).toBe(false);
  });

  it('select all takes every loaded item up to the cap', () => {
    expect(selectAll(order, 500)).toEqual({ selection: { selected: order, anchor: 'a' }, capped: false });
    expect(selectAll(order, 5)).toEqual({ selection: { selected: ['a', 'b', 'c', 'd', 'e'], anchor: 'a' }, capped: true });
    expect(selectAll([], 5)).toEqual({ selection: { selected: [], anchor: null }, capped: false });
  });

  it('drops items that left the listing and keeps the same object when nothing changed', () => {
    const state = { selected: ['a', 'c', 'x'], anchor: 'x' };
    expect(pruneSelection(state, order)).toEqual({ selected: ['a', 'c'], anchor: 'a' });
    const clean = { selected: ['a'], anchor: 'a' };
    expect(pruneSelection(clean, order)).toBe(clean);
  });

  it('maps modifiers to modes', () => {
    expect(selectModeOf({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe('single');
    expect(selectModeOf({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe('toggle');
    expect(selectModeOf({ shiftKey: false, ctrlKey: false, metaKey: true })).toBe('toggle');
    expect(selectModeOf({ shiftKey: true, ctrlKey: true, metaKey: false })).toBe('range');
  });
});
