// Pure helpers of the photo timeline: calendar days stored as YYYYMMDD integers (taken_day) shown as "YYYY-MM-DD" keys.
import { toDay } from '../../shared/days.js';

export { utcDay } from '../../shared/days.js';

const pad = (n: number) => String(n).padStart(2, '0');

export interface DayParts {
  year: number;
  month: number;
  day: number;
}

export const dayParts = (day: number): DayParts => ({ year: Math.floor(day / 10_000), month: Math.floor(day / 100) % 100, day: day % 100 });

export function dayKey(day: number): string {
  const p = dayParts(day);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`;
}

/** "2026-11-21" → 20261121; null unless it is a real calendar date. */
export function parseDayKey(key: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  return isRealDate(y, mo, d) ? toDay(y, mo, d) : null;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1800 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}
