import { describe, expect, it } from 'vitest';
import { aspectRatioOf, estimateLayoutHeight, justifiedLayout, layoutConfigFor, DEFAULT_ASPECT_RATIO } from './layout';

describe('layoutConfigFor', () => {
  it('uses 170 px rows and the window less 330 px from 768 px on', () => {
    expect(layoutConfigFor(1280)).toEqual({
      targetRowHeight: 170,
      containerWidth: 950,
      boxSpacing: { horizontal: 3, vertical: 7 },
      containerPadding: { top: 2, right: 2, bottom: 4, left: 2 },
    });
    expect(layoutConfigFor(768).targetRowHeight).toBe(170);
    expect(layoutConfigFor(768).containerWidth).toBe(438);
  });

  it('uses 120 px rows and the window less 50 px under 768 px', () => {
    expect(layoutConfigFor(767)).toMatchObject({ targetRowHeight: 120, containerWidth: 717 });
    expect(layoutConfigFor(375)).toEqual({
      targetRowHeight: 120,
      containerWidth: 325,
      boxSpacing: { horizontal: 3, vertical: 7 },
      containerPadding: { top: 2, right: 2, bottom: 4, left: 2 },
    });
  });
});

describe('justifiedLayout', () => {
  const wide = layoutConfigFor(1280);

  it('fills every full row to the content width with 3 px gaps and 7 px between rows', () => {
    const ratios = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? 0.75 : i % 3 === 1 ? 1.5 : 1));
    const layout = justifiedLayout(ratios, 950, wide);
    expect(layout.boxes).toHaveLength(20);
    const full = layout.rows.slice(0, -1);
    expect(full.length).toBeGreaterThan(1);
    for (const row of full) {
      const first = layout.boxes[row.start]!;
      const last = layout.boxes[row.end - 1]!;
      expect(first.left).toBe(2);
      expect(last.left + last.width).toBe(950 - 2);
      for (let i = row.start + 1; i < row.end; i++) {
        const previous = layout.boxes[i - 1]!;
        expect(layout.boxes[i]!.left - (previous.left + previous.width)).toBeGreaterThanOrEqual(2);
        expect(layout.boxes[i]!.left - (previous.left + previous.width)).toBeLessThanOrEqual(4);
      }
      expect(row.height).toBeLessThanOrEqual(170 * 1.5);
      expect(row.height).toBeGreaterThan(170 / 1.5);
    }
    expect(layout.rows[0]!.top).toBe(2);
    expect(layout.rows[1]!.top).toBe(2 + layout.rows[0]!.height + 7);
    const lastRow = layout.rows[layout.rows.length - 1]!;
    expect(layout.height).toBe(lastRow.top + lastRow.height + 4);
  });

  it('keeps aspect ratios', () => {
    const layout = justifiedLayout([1.5, 0.75, 1, 1.5, 1, 2], 950, wide);
    layout.boxes.forEach((box, i) => {
      expect(box.width / box.height).toBeCloseTo([1.5, 0.75, 1, 1.5, 1, 2][i]!, 1);
    });
  });

  it('leaves a short last row at the target height', () => {
    const layout = justifiedLayout([1, 1], 950, wide);
    expect(layout.rows).toHaveLength(1);
    expect(layout.boxes.map((box) => box.height)).toEqual([170, 170]);
    expect(layout.boxes[1]!.left).toBe(2 + 170 + 3);
    expect(layout.height).toBe(2 + 170 + 4);
  });

  it('lays out 120 px rows at 375 px', () => {
    const config = layoutConfigFor(375);
    const layout = justifiedLayout([1, 1], 325, config);
    expect(layout.boxes.map((box) => box.height)).toEqual([120, 120]);
    const many = justifiedLayout(Array.from({ length: 30 }, () => 1), 325, config);
    for (const row of many.rows.slice(0, -1)) expect(row.height).toBeLessThanOrEqual(120 * 1.5);
  });

  it('is empty for no pictures', () => {
    expect(justifiedLayout([], 950, wide)).toMatchObject({ boxes: [], rows: [], height: 0 });
  });
});

describe('aspectRatioOf', () => {
  it('falls back for missing sizes and clamps extremes', () => {
    expect(aspectRatioOf(null, 10)).toBe(DEFAULT_ASPECT_RATIO);
    expect(aspectRatioOf(4000, 3000)).toBeCloseTo(4 / 3);
    expect(aspectRatioOf(10000, 100)).toBe(3);
    expect(aspectRatioOf(100, 10000)).toBe(0.4);
  });
});

describe('estimateLayoutHeight', () => {
  it('is close to the real layout of default-shaped pictures', () => {
    const config = layoutConfigFor(1280);
    for (const count of [1, 5, 34, 500]) {
      const real = justifiedLayout(Array.from({ length: count }, () => DEFAULT_ASPECT_RATIO), 950, config).height;
      expect(Math.abs(estimateLayoutHeight(count, 950, config) - real)).toBeLessThanOrEqual(Math.max(4, real * 0.05));
    }
    expect(estimateLayoutHeight(0, 950, config)).toBe(0);
  });
});
