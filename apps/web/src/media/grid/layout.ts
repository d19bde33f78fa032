import { NARROW_BREAKPOINT_PX } from '@/config/constants';

/** Justified-grid layout: row heights and container offsets for narrow and wide windows, spacing and padding. */
export const TARGET_ROW_HEIGHT_NARROW = 120;
export const TARGET_ROW_HEIGHT_WIDE = 170;
export const CONTAINER_WIDTH_OFFSET_NARROW = 50;
export const CONTAINER_WIDTH_OFFSET_WIDE = 330;
export const BOX_SPACING = { horizontal: 3, vertical: 7 } as const;
export const CONTAINER_PADDING = { top: 2, right: 2, bottom: 4, left: 2 } as const;

export interface LayoutConfig {
  targetRowHeight: number;
  containerWidth: number;
  boxSpacing: { horizontal: number; vertical: number };
  containerPadding: { top: number; right: number; bottom: number; left: number };
}

/** The layout config for a window width: narrow (< 768 px) gets 120 px rows and the window less 50 px. */
export function layoutConfigFor(windowWidth: number): LayoutConfig {
  const narrow = windowWidth < NARROW_BREAKPOINT_PX;
  return {
    targetRowHeight: narrow ? TARGET_ROW_HEIGHT_NARROW : TARGET_ROW_HEIGHT_WIDE,
    containerWidth: Math.max(0, windowWidth - (narrow ? CONTAINER_WIDTH_OFFSET_NARROW : CONTAINER_WIDTH_OFFSET_WIDE)),
    boxSpacing: { ...BOX_SPACING },
    containerPadding: { ...CONTAINER_PADDING },
  };
}

/** A laid-out picture, in px from the container's top-start corner. */
export interface Box {
  top: number;
  /** From the inline start (left in LTR, right in RTL). */
  left: number;
  width: number;
  height: number;
}

export interface LayoutRow {
  top: number;
  height: number;
  /** Index of the row's first box. */
  start: number;
  /** One past the row's last box. */
  end: number;
}

export interface JustifiedLayout {
  boxes: Box[];
  rows: LayoutRow[];
  /** Including the container padding. */
  height: number;
  width: number;
}

/** Pictures without usable dimensions, and stand-ins before they are known, count as this shape. */
export const DEFAULT_ASPECT_RATIO = 4 / 3;
// A panorama or a sliver would otherwise take a whole row or vanish.
const MIN_ASPECT_RATIO = 0.4;
const MAX_ASPECT_RATIO = 3;

export function aspectRatioOf(width: number | null | undefined, height: number | null | undefined): number {
  if (!width || !height || width <= 0 || height <= 0) return DEFAULT_ASPECT_RATIO;
  return Math.min(MAX_ASPECT_RATIO, Math.max(MIN_ASPECT_RATIO, width / height));
}

function contentWidthOf(width: number, config: LayoutConfig): number {
  return Math.max(1, width - config.containerPadding.left - config.containerPadding.right);
}

/**
 * Justified rows: pictures keep their aspect ratio, every full row fills the width exactly and is at most
 * the target height; a row takes the next picture only when that brings its height closer to the target.
 * The last row stays at the target height, aligned to the start.
 */
export function justifiedLayout(aspectRatios: readonly number[], width: number, config: LayoutConfig): JustifiedLayout {
  const { targetRowHeight: target, boxSpacing, containerPadding } = config;
  const contentWidth = contentWidthOf(width, config);
  const boxes: Box[] = [];
  const rows: LayoutRow[] = [];
  let top = containerPadding.top;

  const place = (start: number, end: number, height: number) => {
    let x = 0;
    for (let i = start; i < end; i++) {
      const exact = aspectRatios[i]! * height;
      const left = Math.round(x);
      // Rounding both edges (not the width) keeps a full row ending exactly at the content edge.
      const right = Math.round(x + exact);
      boxes.push({ top, left: containerPadding.left + left, width: Math.max(1, right - left), height: Math.round(height) });
      x += exact + boxSpacing.horizontal;
    }
    rows.push({ top, height: Math.round(height), start, end });
    top += Math.round(height) + boxSpacing.vertical;
  };

  const fitHeight = (sum: number, count: number) => (contentWidth - boxSpacing.horizontal * (count - 1)) / sum;

  let start = 0;
  let sum = 0;
  for (let i = 0; i < aspectRatios.length; i++) {
    const ratio = aspectRatios[i]!;
    const count = i - start + 1;
    const widthAtTarget = (sum + ratio) * target + boxSpacing.horizontal * (count - 1);
    if (widthAtTarget < contentWidth) {
      sum += ratio;
      continue;
    }
    const withIt = fitHeight(sum + ratio, count);
    const withoutIt = count > 1 ? fitHeight(sum, count - 1) : Number.POSITIVE_INFINITY;
    // Compare as ratios: 0.8× the target and 1.25× it are equally far off.
    if (count > 1 && withoutIt / target < target / withIt) {
      place(start, i, withoutIt);
      start = i;
      sum = ratio;
      if (ratio * target >= contentWidth) {
        place(start, i + 1, fitHeight(ratio, 1));
        start = i + 1;
        sum = 0;
      }
    } else {
      place(start, i + 1, withIt);
      start = i + 1;
      sum = 0;
    }
  }
  if (start < aspectRatios.length) place(start, aspectRatios.length, target);

  const height = rows.length === 0 ? 0 : top - boxSpacing.vertical + containerPadding.bottom;
  return { boxes, rows, height, width };
}

/** Stand-in tiles for pictures not loaded yet: rows of equal tiles of one aspect ratio, laid out from a count alone. */
export interface PlaceholderLayout {
  count: number;
  perRow: number;
  /** Tile size in a full row (stretched to the width, so a little lower than the target). */
  tileWidth: number;
  rowHeight: number;
  /** Including the container padding; the last, short row stays at the target height. */
  height: number;
}

/**
 * How `count` pictures not loaded yet are laid out: equal tiles of `aspectRatio` (the day's estimate), as many as fit a
 * row at the target height. Close enough that the page barely moves when the real ones arrive; O(1) whatever the count.
 */
export function placeholderLayout(count: number, width: number, config: LayoutConfig, aspectRatio = DEFAULT_ASPECT_RATIO): PlaceholderLayout {
  const { targetRowHeight: target, boxSpacing, containerPadding } = config;
  const contentWidth = contentWidthOf(width, config);
  const fittedFor = (n: number) => (contentWidth - boxSpacing.horizontal * (n - 1)) / (n * aspectRatio);
  const fewer = Math.max(1, Math.floor((contentWidth + boxSpacing.horizontal) / (target * aspectRatio + boxSpacing.horizontal)));
  // As the justified rows choose: the count whose stretched height is nearer the target (as a ratio), so a shape just
  // wider than 4:3 does not drop a tile from every row and make the estimate a third too tall.
  const off = (n: number) => Math.max(fittedFor(n) / target, target / fittedFor(n));
  const perRow = fittedFor(fewer + 1) > 0 && off(fewer + 1) < off(fewer) ? fewer + 1 : fewer;
  const fitted = fittedFor(perRow);
  const rowHeight = Math.round(Math.min(fitted, contentWidth / aspectRatio));
  const tileWidth = Math.max(1, Math.round(rowHeight * aspectRatio));
  if (count <= 0) return { count: 0, perRow, tileWidth, rowHeight, height: 0 };
  const fullRows = Math.floor(count / perRow);
  const rest = count % perRow;
  const rowCount = fullRows + (rest > 0 ? 1 : 0);
  const rowsHeight = fullRows * rowHeight + (rest > 0 ? target : 0);
  const height = containerPadding.top + rowsHeight + boxSpacing.vertical * (rowCount - 1) + containerPadding.bottom;
  return { count, perRow, tileWidth, rowHeight, height };
}

/**
 * The height `count` pictures will take before they are loaded, with every picture counted at the default
 * aspect ratio: close enough that the timeline barely moves when the real ones arrive.
 */
export function estimateLayoutHeight(count: number, width: number, config: LayoutConfig): number {
  return placeholderLayout(count, width, config).height;
}
