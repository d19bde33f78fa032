import { describe, expect, it } from 'vitest';
import { cellPlaces, gridTarget } from './grid-keys';
import type { JustifiedLayout } from './layout';

/** A layout of rows given as lists of [left, width] boxes. */
function layout(rows: [number, number][][]): JustifiedLayout {
  const boxes = rows.flatMap((row, r) => row.map(([left, width]) => ({ left, width, top: r * 100, height: 90 })));
  let start = 0;
  const laidRows = rows.map((row, r) => {
    const line = { top: r * 100, height: 90, start, end: start + row.length };
    start += row.length;
    return line;
  });
  return { boxes, rows: laidRows, height: rows.length * 100, width: 600 };
}

// Day one: a row of three, a row of two wide ones. Day two: one row of four.
const sections = [
  { items: ['a', 'b', 'c', 'd', 'e'], firstIndex: 0, layout: layout([[[0, 200], [200, 200], [400, 200]], [[0, 350], [350, 250]]]) },
  { items: ['f', 'g', 'h', 'i'], firstIndex: 5, layout: layout([[[0, 150], [150, 150], [300, 150], [450, 150]]]) },
];
const places = cellPlaces(sections);
const key = (k: string, current: number, extra: { ctrlKey?: boolean; rtl?: boolean } = {}) =>
  gridTarget(places, current, { key: k, ctrlKey: extra.ctrlKey }, extra.rtl);

describe('grid keys over a justified layout', () => {
  it('numbers rows across day sections', () => {
    expect(places.map((place) => place.row)).toEqual([0, 0, 0, 1, 1, 2, 2, 2, 2]);
  });

  it('walks the flat order with left and right, across rows and days, and stops at the ends', () => {
    expect(key('ArrowRight', 0)).toBe(1);
    expect(key('ArrowRight', 2)).toBe(3);
    expect(key('ArrowRight', 4)).toBe(5);
    expect(key('ArrowLeft', 5)).toBe(4);
    expect(key('ArrowLeft', 0)).toBeNull();
    expect(key('ArrowRight', 8)).toBeNull();
  });

  it('mirrors left and right in right-to-left text', () => {
    expect(key('ArrowLeft', 0, { rtl: true })).toBe(1);
    expect(key('ArrowRight', 1, { rtl: true })).toBe(0);
  });

  it('goes up and down to the picture that overlaps most, into the next day too', () => {
    // b spans 200–400: d (0–350) overlaps it by 150, e (350–600) by 50.
    expect(key('ArrowDown', 1)).toBe(3);
    // c spans 400–600: e.
    expect(key('ArrowDown', 2)).toBe(4);
    // e spans 350–600: h (300–450) and i (450–600) overlap by 100 and 150.
    expect(key('ArrowDown', 4)).toBe(8);
    expect(key('ArrowUp', 6)).toBe(3);
    expect(key('ArrowUp', 0)).toBeNull();
    expect(key('ArrowDown', 7)).toBeNull();
  });

  it('Home and End go to the ends of the row, with Ctrl to the ends of the grid', () => {
    expect(key('Home', 7)).toBe(5);
    expect(key('End', 5)).toBe(8);
    expect(key('Home', 7, { ctrlKey: true })).toBe(0);
    expect(key('End', 1, { ctrlKey: true })).toBe(8);
  });

  it('leaves other keys alone and knows nothing of pictures not laid out', () => {
    expect(key('a', 0)).toBeNull();
    expect(key('ArrowRight', 42)).toBeNull();
    expect(cellPlaces([{ items: ['x'], firstIndex: 0, layout: null }])).toEqual([]);
  });
});
