// Collages: 2–9 photos in one JPEG, each covering its cell with the crop centred on its focus boxes (faces).
import sharp from 'sharp';
import { coverCrop, orientedSize, type FocusBox, type Rect } from './image.js';

/** A layout: the canvas's width/height ratio and its cells in fractions of the canvas, in photo order. */
interface Layout {
  aspect: number;
  cells: ReadonlyArray<readonly [x: number, y: number, w: number, h: number]>;
}

const third = 1 / 3;
const grid = (cols: number, rows: number) =>
  Array.from({ length: cols * rows }, (_, i) => [(i % cols) / cols, Math.floor(i / cols) / rows, 1 / cols, 1 / rows] as const);
/** Cells of one row of `n` equal cells at height y..y+h. */
const row = (n: number, y: number, h: number) => Array.from({ length: n }, (_, i) => [i / n, y, 1 / n, h] as const);

// The first cell of a mosaic is the largest: callers put their best photo first.
export const COLLAGE_LAYOUTS = {
  'two-side': { aspect: 4 / 3, cells: grid(2, 1) },
  'two-stack': { aspect: 3 / 4, cells: grid(1, 2) },
  'three-big-left': { aspect: 3 / 2, cells: [[0, 0, 0.6, 1], [0.6, 0, 0.4, 0.5], [0.6, 0.5, 0.4, 0.5]] },
  'three-big-top': { aspect: 3 / 4, cells: [[0, 0, 1, 0.6], [0, 0.6, 0.5, 0.4], [0.5, 0.6, 0.5, 0.4]] },
  'four-grid': { aspect: 1, cells: grid(2, 2) },
  'five-mosaic': { aspect: 1, cells: [...row(2, 0, 0.55), ...row(3, 0.55, 0.45)] },
  'six-mosaic': {
    aspect: 1,
    cells: [[0, 0, 2 * third, 2 * third], [2 * third, 0, third, third], [2 * third, third, third, third], ...row(3, 2 * third, third)],
  },
  'seven-mosaic': { aspect: 1, cells: [...row(2, 0, 0.4), ...row(3, 0.4, 0.3), ...row(2, 0.7, 0.3)] },
  'eight-mosaic': { aspect: 1, cells: [...row(3, 0, third), ...row(2, third, third), ...row(3, 2 * third, third)] },
  'nine-grid': { aspect: 1, cells: grid(3, 3) },
} satisfies Record<string, Layout>;

export type CollageLayout = keyof typeof COLLAGE_LAYOUTS;

export interface CollagePhoto {
  image: Buffer;
  /** Boxes (fractions of the oriented photo) the crop keeps in view, e.g. faces. */
  focus?: FocusBox[];
}

export interface CollageOptions {
  photos: CollagePhoto[];
  layout?: CollageLayout;
  /** The long side of the output in pixels. */
  size?: number;
  background?: string;
  /** Pixels between cells and around the edge. */
  gap?: number;
  quality?: number;
}

export interface CollageResult {
  image: Buffer;
  width: number;
  height: number;
  /** Where each photo landed, in pixels, in the order of `photos` (the first photo always gets the first, largest cell). */
  cells: Rect[];
}

export const COLLAGE_MIN_PHOTOS = 2;
export const COLLAGE_MAX_PHOTOS = 9;
const MAX_SIZE = 4096;

/** A layout that fits the count; for 2 and 3 the orientations decide (portraits side by side, landscapes stacked). */
export function pickCollageLayout(orientations: ReadonlyArray<'portrait' | 'landscape'>): CollageLayout {
  const portraits = orientations.filter((o) => o === 'portrait').length;
  switch (orientations.length) {
    case 2:
      return portraits >= 1 ? 'two-side' : 'two-stack';
    case 3:
      return orientations[0] === 'portrait' ? 'three-big-left' : 'three-big-top';
    case 4:
      return 'four-grid';
    case 5:
      return 'five-mosaic';
    case 6:
      return 'six-mosaic';
    case 7:
      return 'seven-mosaic';
    case 8:
      return 'eight-mosaic';
    case 9:
      return 'nine-grid';
    default:
      throw new RangeError(`a collage takes ${COLLAGE_MIN_PHOTOS}–${COLLAGE_MAX_PHOTOS} photos, not ${orientations.length}`);
  }
}

/** Pixel rectangles of a layout on a width×height canvas: `gap` around the edge and between neighbours. */
export function layoutCells(layout: CollageLayout, width: number, height: number, gap: number): Rect[] {
  const edge = (f: number, total: number) => Math.round(gap / 2 + f * (total - gap));
  return COLLAGE_LAYOUTS[layout].cells.map(([fx, fy, fw, fh]) => {
    const x0 = edge(fx, width) + Math.floor(gap / 2);
    const y0 = edge(fy, height) + Math.floor(gap / 2);
    const x1 = edge(fx + fw, width) - Math.ceil(gap / 2);
    const y1 = edge(fy + fh, height) - Math.ceil(gap / 2);
    return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
  });
}

/**
 * Which cell each photo takes: the first photo keeps the first (largest) cell, the others go greedily to the free cell
 * whose shape is closest to theirs, so a cover crop cuts away as little as it can.
 */
export function assignCells(photoAspects: readonly number[], cells: readonly Rect[]): number[] {
  const cellOf = photoAspects.map(() => -1);
  cellOf[0] = 0;
  const freeCells = new Set(cells.map((_, i) => i).slice(1));
  const freePhotos = new Set(photoAspects.map((_, i) => i).slice(1));
  while (freePhotos.size > 0) {
    let best = { photo: -1, cell: -1, cost: Infinity };
    for (const p of freePhotos) {
      for (const c of freeCells) {
        const cell = cells[c] as Rect;
        const cost = Math.abs(Math.log((photoAspects[p] as number) / (cell.w / cell.h)));
        // Ties keep the given order: the earlier photo takes the earlier cell.
        if (cost < best.cost - 1e-9) best = { photo: p, cell: c, cost };
      }
    }
    cellOf[best.photo] = best.cell;
    freePhotos.delete(best.photo);
    freeCells.delete(best.cell);
  }
  return cellOf;
}

export async function renderCollage(opts: CollageOptions): Promise<CollageResult> {
  const { photos } = opts;
  if (photos.length < COLLAGE_MIN_PHOTOS || photos.length > COLLAGE_MAX_PHOTOS) {
    throw new RangeError(`a collage takes ${COLLAGE_MIN_PHOTOS}–${COLLAGE_MAX_PHOTOS} photos, not ${photos.length}`);
  }
  const sizes = await Promise.all(photos.map((p) => orientedSize(p.image)));
  const layout = opts.layout ?? pickCollageLayout(sizes.map((s) => (s.h > s.w ? 'portrait' : 'landscape')));
  const spec: Layout = COLLAGE_LAYOUTS[layout];
  if (spec.cells.length !== photos.length) {
    throw new RangeError(`layout ${layout} takes ${spec.cells.length} photos, not ${photos.length}`);
  }
  const long = Math.min(MAX_SIZE, Math.max(64, Math.round(opts.size ?? 2048)));
  const width = spec.aspect >= 1 ? long : Math.round(long * spec.aspect);
  const height = spec.aspect >= 1 ? Math.round(long / spec.aspect) : long;
  const gap = Math.max(0, Math.round(opts.gap ?? Math.round(long / 200)));
  const layoutRects = layoutCells(layout, width, height, gap);
  const cells = assignCells(sizes.map((s) => s.w / s.h), layoutRects).map((c) => layoutRects[c] as Rect);

  // One photo at a time: a 12 MP decode holds ~36 MB, and nine at once would compete with uploads for the CPU.
  const tiles: sharp.OverlayOptions[] = [];
  for (const [i, photo] of photos.entries()) {
    const cell = cells[i] as Rect;
    const tile = await (await coverCrop(photo.image, { w: cell.w, h: cell.h }, photo.focus)).raw().toBuffer({ resolveWithObject: true });
    tiles.push({ input: tile.data, raw: { width: tile.info.width, height: tile.info.height, channels: tile.info.channels }, left: cell.x, top: cell.y });
  }
  const image = await sharp({ create: { width, height, channels: 3, background: opts.background ?? '#ffffff' } })
    .composite(tiles)
    .jpeg({ quality: opts.quality ?? 88 })
    .toBuffer();
  return { image, width, height, cells };
}
