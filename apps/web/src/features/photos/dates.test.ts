import { describe, expect, it } from 'vitest';
import { monthAt, monthsOf } from './components/date-scrubber';
import { formatDay, formatMonth, relativeDay } from './dates';

const group = (key: string, offset = 0) => {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { key, year, month, day, count: 1, offset };
};

describe('timeline dates', () => {
  it('formats a day in the UI language, with the year only for other years', () => {
    const now = new Date(2026, 10, 22, 12);
    expect(formatDay(2026, 11, 21, 'en', now)).toBe('Sat, November 21');
    expect(formatDay(2019, 11, 21, 'en', now)).toBe('Thu, November 21, 2019');
    expect(formatDay(2026, 11, 21, 'tr', now)).toBe('21 Kasım Cmt');
    expect(formatMonth(2026, 1, 'de')).toBe('Januar 2026');
  });

  it('names today and yesterday by the local calendar', () => {
    const now = new Date(2026, 0, 1, 0, 30);
    expect(relativeDay(2026, 1, 1, now)).toBe('today');
    expect(relativeDay(2025, 12, 31, now)).toBe('yesterday');
    expect(relativeDay(2025, 12, 30, now)).toBeNull();
  });
});

describe('date scrubber months', () => {
  const groups = [group('2026-11-21'), group('2026-11-02'), group('2026-10-30'), group('2025-01-05')];
  const tops = [0, 300, 600, 900];

  it('lists each month once, newest first, at its first day', () => {
    expect(monthsOf(groups, tops)).toEqual([
      { year: 2026, month: 11, top: 0 },
      { year: 2026, month: 10, top: 600 },
      { year: 2025, month: 1, top: 900 },
    ]);
  });

  it('finds the month shown at an offset', () => {
    const months = monthsOf(groups, tops);
    expect(monthAt(months, 0)).toBe(0);
    expect(monthAt(months, 599)).toBe(0);
    expect(monthAt(months, 600)).toBe(1);
    expect(monthAt(months, 10_000)).toBe(2);
  });
});
