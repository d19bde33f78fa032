import { describe, expect, it } from 'vitest';
import { coverWindow, unionOfFocus } from './image.js';

describe('coverWindow', () => {
  it('centres on the union of the focus boxes, kept inside the photo', () => {
    const focus = unionOfFocus([{ x: 0.1, y: 0.1, w: 0.1, h: 0.1 }, { x: 0.3, y: 0.2, w: 0.1, h: 0.1 }]);
    expect(focus).toEqual({ x: 0.1, y: 0.1, w: expect.closeTo(0.3, 9) as number, h: expect.closeTo(0.2, 9) as number });
    // A 2000×1000 photo into a 500×500 cell: scaled to 1000×500, window centred at x = 0.25 × 1000.
    expect(coverWindow({ w: 2000, h: 1000 }, { w: 500, h: 500 }, focus)).toEqual({ scaled: { w: 1000, h: 500 }, left: 0, top: 0 });
    const right = unionOfFocus([{ x: 0.9, y: 0.4, w: 0.08, h: 0.2 }]);
    expect(coverWindow({ w: 2000, h: 1000 }, { w: 500, h: 500 }, right)).toEqual({ scaled: { w: 1000, h: 500 }, left: 500, top: 0 });
  });

  it('without a focus, keeps a portrait photo a little above its middle', () => {
    // 1000×2000 into 500×500: scaled 500×1000; centre at 40 % of the height → top = 400 − 250.
    expect(coverWindow({ w: 1000, h: 2000 }, { w: 500, h: 500 }, null)).toEqual({ scaled: { w: 500, h: 1000 }, left: 0, top: 150 });
  });

  it('ignores focus boxes that spill outside the photo', () => {
    expect(unionOfFocus([{ x: -0.2, y: 0.9, w: 0.5, h: 0.5 }])).toEqual({ x: 0, y: 0.9, w: 0.3, h: expect.closeTo(0.1, 9) as number });
    expect(unionOfFocus([])).toBeNull();
  });
});
