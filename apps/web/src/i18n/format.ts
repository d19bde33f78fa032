import { intlDateFormat } from './dates';
import { formatNumber } from './intl';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes shown in B, KB, MB, GB or TB (binary multiples), one decimal at most. */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = formatNumber(value, locale, { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return `${number} ${UNITS[unit]}`;
}

/** Storage percent: used divided by quota, rounded, capped at 100. */
export function usagePercent(used: number, quota: number): number {
  if (!Number.isFinite(used) || used <= 0) return 0;
  if (!Number.isFinite(quota) || quota <= 0) return 100;
  return Math.min(100, Math.round((used / quota) * 100));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date's day, month, year, hour and minute as the language writes its digits (24-hour clock, local time). */
function dateTimeParts(date: Date, locale: string): Record<string, string> {
  const format = intlDateFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Dates show as dd.mm.yyyy - hh:mm (the spec's pattern, local time) with the interface language's digits (Arabic's
 * own, for one); the pattern stays the same in every language.
 */
export function formatDateTime(value: string | number | Date, locale = 'en'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = dateTimeParts(date, locale);
  return `${part.day}.${part.month}.${part.year} - ${part.hour}:${part.minute}`;
}

/**
 * A time of day as hh:mm, the time of formatDateTime's pattern: the same in every language (a runtime without the
 * language, as Debian's Chromium lacks ka and sq, still gives 24-hour "21:07", not its default locale's "09:07 PM").
 */
export function formatTime(value: string | number | Date, locale = 'en'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = dateTimeParts(date, locale);
  return `${part.hour}:${part.minute}`;
}

/** Countdown shown as m:ss. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** Badge text: the count, or 9+ above the cap. */
export function badgeText(count: number, cap = 9): string {
  return count > cap ? `${cap}+` : String(count);
}

/** Up to two initials from a name, or the first letter of an e-mail. */
export function initials(name?: string | null, surname?: string | null, email?: string | null): string {
  const parts = [name, surname].map((p) => p?.trim()).filter((p): p is string => Boolean(p));
  if (parts.length > 0) return parts.map((p) => p[0]!.toLocaleUpperCase()).join('').slice(0, 2);
  const first = email?.trim()[0];
  return first ? first.toLocaleUpperCase() : '';
}
