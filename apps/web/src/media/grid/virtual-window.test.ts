import { describe, expect, it } from 'vitest';
import { justifiedLayout, layoutConfigFor } from './layout';
import { buildVirtualModel, sectionsInRange, visibleRange } from './virtual-window';

const config = layoutConfigFor(1280);
// Six squares make a full row at 950 px: 13 of them are two full rows and one short one.
const day = (count: number) => justifiedLayout(Array.from({ length: count }, () => 1), 950, config);

describe('buildVirtualModel', () => {
  it('stacks headers, rows and stand-ins without gaps', () => {
    const model = buildVirtualModel([
      { key: 'a', headerHeight: 48, layout: day(13), pendingHeight: 0 },
      { key: 'b', headerHeight: 48, layout: null, pendingHeight: 500 },
      { key: 'c', headerHeight: 48, layout: day(3), pendingHeight: 0 },
    ]);
    expect(model.blocks.map((block) => block.kind)).toEqual(['header', 'row', 'row', 'row', 'header', 'pending', 'header', 'row']);
    for (let i = 1; i < model.blocks.length; i++) {
      const previous = model.blocks[i - 1]!;
      expect(model.blocks[i]!.top).toBe(previous.top + previous.height);
    }
    expect(model.sectionTops).toEqual([0, 48 + day(13).height, 48 + day(13).height + 548]);
    expect(model.totalHeight).toBe(model.sectionTops[2]! + 48 + day(3).height);
  });
});

describe('visibleRange', () => {
  // 200 days of 10 photos: 2 rows each.
  const sections = Array.from({ length: 200 }, (_, i) => ({ key: `d${i}`, headerHeight: 50, layout: day(10), pendingHeight: 0 }));
  const model = buildVirtualModel(sections);
  const sectionHeight = 50 + day(10).height;

  it('renders only the blocks around the viewport', () => {
    const range = visibleRange(model.blocks, 0, 800, 0);
    expect(range.start).toBe(0);
    const rendered = model.blocks.slice(range.start, range.end);
    expect(rendered[rendered.length - 1]!.top).toBeLessThan(800);
    expect(model.blocks[range.end]!.top).toBeGreaterThanOrEqual(800);
    expect(range.end).toBeLessThan(20);
  });

  it('finds the window deep in the list by offset, with overscan on both sides', () => {
    const offset = sectionHeight * 120 + 60;
    const range = visibleRange(model.blocks, offset, 800, 400);
    const first = model.blocks[range.start]!;
    expect(first.top).toBeLessThanOrEqual(offset - 400);
    expect(first.top + first.height).toBeGreaterThan(offset - 400);
    const last = model.blocks[range.end - 1]!;
    expect(last.top).toBeLessThan(offset + 800 + 400);
    expect(sectionsInRange(model.blocks, range)).toContain(120);
    expect(sectionsInRange(model.blocks, range).every((section) => section >= 117 && section <= 124)).toBe(true);
  });

  it('is empty for an empty list and clamps past the end', () => {
    expect(visibleRange([], 100, 800, 100)).toEqual({ start: 0, end: 0 });
    const range = visibleRange(model.blocks, model.totalHeight + 5000, 800, 0);
    expect(range.end - range.start).toBe(0);
  });

  it('lists sections of a range left over from a longer model without reading past its end', () => {
    // The range still spans all 200 days while a trash has just emptied the timeline down to 3 of them.
    const shorter = buildVirtualModel(sections.slice(0, 3));
    expect(sectionsInRange(shorter.blocks, { start: 0, end: model.blocks.length })).toEqual([0, 1, 2]);
  });
});
