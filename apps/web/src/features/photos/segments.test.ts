import { describe, expect, it } from 'vitest';
import { planSegments, SEGMENT_MAX_GROUPS, SEGMENT_MAX_ITEMS } from './segments';

describe('planSegments', () => {
  it('packs small days together and splits a big day into pages', () => {
    const plan = planSegments([
      { key: 'd1', count: 50 },
      { key: 'd2', count: 120 },
      { key: 'd3', count: 450 },
      { key: 'd4', count: 3 },
    ]);
    expect(plan.segments.map((segment) => segment.pages)).toEqual([
      [
        { key: 'd1', offset: 0, limit: 50 },
        { key: 'd2', offset: 0, limit: 120 },
      ],
      [{ key: 'd3', offset: 0, limit: 200 }],
      [{ key: 'd3', offset: 200, limit: 200 }],
      [
        { key: 'd3', offset: 400, limit: 50 },
        { key: 'd4', offset: 0, limit: 3 },
      ],
    ]);
    expect(plan.groupSegments).toEqual([[0], [0], [1, 2, 3], [3]]);
  });

  it('never exceeds the item or page limits of a request', () => {
    const groups = Array.from({ length: 1000 }, (_, i) => ({ key: `d${i}`, count: (i * 37) % 90 + 1 }));
    const plan = planSegments(groups);
    for (const segment of plan.segments) {
      expect(segment.pages.length).toBeLessThanOrEqual(SEGMENT_MAX_GROUPS);
      expect(segment.pages.reduce((sum, page) => sum + page.limit, 0)).toBeLessThanOrEqual(SEGMENT_MAX_ITEMS);
    }
    const asked = plan.segments.flatMap((segment) => segment.pages).reduce((sum, page) => sum + page.limit, 0);
    expect(asked).toBe(groups.reduce((sum, group) => sum + group.count, 0));
  });

  it('is the same plan for the same groups (stable cache keys)', () => {
    const groups = [{ key: 'a', count: 5 }, { key: 'b', count: 7 }];
    expect(planSegments(groups)).toEqual(planSegments(groups.map((group) => ({ ...group }))));
    expect(planSegments([])).toEqual({ segments: [], groupSegments: [] });
  });
});
