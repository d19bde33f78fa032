import { formatDate } from '@/i18n/dates';

/** The expiry date picker works in local calendar days; the server takes an instant. */

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of a moment in local time (what <input type="date"> shows). */
export function toDateInputValue(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A link chosen to end on a day stays open through that whole day: the last millisecond of it, local time. */
export function expiryFromDateInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day, 23, 59, 59, 999);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}

/** The earliest day one can pick: today (the link then ends tonight). */
export function minExpiryInput(now: Date = new Date()): string {
  return toDateInputValue(now);
}

/** A date in the past is no expiry one can set. */
export function isExpiryValid(value: string, now: Date = new Date()): boolean {
  const iso = expiryFromDateInput(value);
  return iso !== null && Date.parse(iso) > now.getTime();
}

/** A day as the interface language writes it (e.g. "5 Ara 2026"), for expiry and shared dates. */
export function formatDay(value: string | null | undefined, locale: string): string {
  return value ? formatDate(value, locale, 'day_month_short_year') : '';
}
