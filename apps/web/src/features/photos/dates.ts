import { formatDate } from '@/i18n/dates';

/** A timeline day as a UTC midnight Date: groups are calendar days, so no time zone may move them. */
function dayDate(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}


export type RelativeDay = 'today' | 'yesterday' | null;

/** Whether the day is today or yesterday in the viewer's local calendar. */
export function relativeDay(year: number, month: number, day: number, now: Date = new Date()): RelativeDay {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const value = Date.UTC(year, month - 1, day);
  if (value === today) return 'today';
  if (value === today - 86_400_000) return 'yesterday';
  return null;
}

/** "Sat, 21 November" this year, "Sat, 21 November 2025" before, in the UI language. */
export function formatDay(year: number, month: number, day: number, language: string, now: Date = new Date()): string {
  const shape = year !== now.getFullYear() ? 'weekday_day_month_year' : 'weekday_day_month';
  return formatDate(dayDate(year, month, day), language, shape, { utc: true });
}

/** "November 2026" in the UI language. */
export function formatMonth(year: number, month: number, language: string): string {
  return formatDate(dayDate(year, month, 1), language, 'month_year', { utc: true });
}

/** "21 November 2026", for a day's check box label. */
export function formatFullDay(year: number, month: number, day: number, language: string): string {
  return formatDate(dayDate(year, month, day), language, 'day_month_year', { utc: true });
}
