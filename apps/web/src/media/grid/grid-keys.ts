import type { JustifiedLayout } from './layout';

/** What the keys need of a section (a PhotoSection fits). */
export interface LaidOutSection {
  items: readonly unknown[];
  firstIndex: number;
  layout: JustifiedLayout | null;
}

/** Where a laid-out picture sits: its flat index, its row counted across sections, and its inline extent. */
export interface CellPlace {
  index: number;
  row: number;
  start: number;
  end: number;
}

/** The places of every laid-out picture in flat order; sections not laid out yet have none. */
export function cellPlaces(sections: readonly LaidOutSection[]): CellPlace[] {
  const places: CellPlace[] = [];
  let row = 0;
  for (const section of sections) {
    const layout = section.layout;
    if (!layout) continue;
    for (const line of layout.rows) {
      for (let b = line.start; b < line.end && b < section.items.length; b++) {
        const box = layout.boxes[b];
        if (box) places.push({ index: section.firstIndex + b, row, start: box.left, end: box.left + box.width });
      }
      row++;
    }
  }
  return places;
}

export interface GridKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * The grid pattern's arrow keys over a justified layout: left and right walk the flat order (mirrored in
 * right-to-left text), up and down go to the picture of the next row that overlaps this one most, Home and
 * End to the row's ends (with Ctrl, the whole grid's). Returns the flat index to focus, or null.
 */
export function gridTarget(places: readonly CellPlace[], current: number, event: GridKey, rtl = false): number | null {
  const at = places.findIndex((place) => place.index === current);
  if (at < 0) return null;
  const here = places[at]!;
  const whole = event.ctrlKey || event.metaKey;
  const inRow = (row: number) => places.filter((place) => place.row === row);
  let target: CellPlace | undefined;
  switch (event.key) {
    case 'ArrowRight':
      target = places[rtl ? at - 1 : at + 1];
      break;
    case 'ArrowLeft':
      target = places[rtl ? at + 1 : at - 1];
      break;
    case 'ArrowDown':
    case 'ArrowUp':
      target = nearest(inRow(here.row + (event.key === 'ArrowDown' ? 1 : -1)), here);
      break;
    case 'Home':
      target = whole ? places[0] : inRow(here.row)[0];
      break;
    case 'End':
      target = whole ? places.at(-1) : inRow(here.row).at(-1);
      break;
    default:
      return null;
  }
  return target && target.index !== current ? target.index : null;
}

/** The place of `row` that overlaps `from` most (the closest centre when none overlaps). */
function nearest(row: readonly CellPlace[], from: CellPlace): CellPlace | undefined {
  const centre = (place: CellPlace) => (place.start + place.end) / 2;
  const overlap = (place: CellPlace) => Math.min(place.end, from.end) - Math.max(place.start, from.start);
  let best: CellPlace | undefined;
  for (const place of row) {
    if (!best) best = place;
    else {
      const a = overlap(place);
      const b = overlap(best);
      if (a > b || (a === b && Math.abs(centre(place) - centre(from)) < Math.abs(centre(best) - centre(from)))) best = place;
    }
  }
  return best;
}
