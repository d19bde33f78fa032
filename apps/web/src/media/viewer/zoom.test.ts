import { describe, expect, it } from 'vitest';
import { clampPan, clampScale, FIT, MAX_SCALE, swipeDirection, wheelScale } from './zoom';

describe('clampScale', () => {
  it('keeps the zoom between fit and the maximum', () => {
    expect(clampScale(0.2)).toBe(1);
    expect(clampScale(2)).toBe(2);
    expect(clampScale(50)).toBe(MAX_SCALE);
    expect(clampScale(Number.NaN)).toBe(1);
  });
});

describe('clampPan', () => {
  it('snaps back to the centre at fit size', () => {
    expect(clampPan({ scale: 1, x: 40, y: -10 }, 800, 600)).toEqual(FIT);
  });

  it('lets a zoomed picture move only by the part outside the stage', () => {
    // At 2x the 800x600 box is 1600x1200 on screen: 400 px stick out on each side, 300 above and below.
    expect(clampPan({ scale: 2, x: 500, y: -500 }, 800, 600)).toEqual({ scale: 2, x: 400, y: -300 });
    expect(clampPan({ scale: 2, x: 30, y: 20 }, 800, 600)).toEqual({ scale: 2, x: 30, y: 20 });
  });
});

describe('wheelScale', () => {
  it('zooms in when the wheel turns up and out when it turns down, within the limits', () => {
    expect(wheelScale(1, -100)).toBeGreaterThan(1);
    expect(wheelScale(2, 100)).toBeLessThan(2);
    expect(wheelScale(1, 500)).toBe(1);
    expect(wheelScale(4.9, -5000)).toBe(MAX_SCALE);
  });
});

describe('swipeDirection', () => {
  it('turns to the next picture on a drag towards the start edge', () => {
    expect(swipeDirection(-120, 10, false)).toBe('next');
    expect(swipeDirection(120, 10, false)).toBe('previous');
  });

  it('mirrors in right-to-left layouts', () => {
    expect(swipeDirection(-120, 10, true)).toBe('previous');
    expect(swipeDirection(120, 10, true)).toBe('next');
  });

  it('ignores short and mostly vertical drags', () => {
    expect(swipeDirection(-20, 0, false)).toBeNull();
    expect(swipeDirection(-80, 200, false)).toBeNull();
  });
});
