import { formatDate, formatDateRange } from '@/i18n/dates';
import { numberFormat } from '@/i18n/intl';

/** An amount in minor units, in the interface language's notation with the currency's own number of decimals. */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const format = numberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** A calendar date in the interface language. */
export function formatDay(iso: string, locale: string): string {
  return formatDate(iso, locale, 'medium');
}

/** A service period as one range in the interface language ("1–31 Dec 2026"). */
export function formatPeriod(startIso: string, endIso: string, locale: string): string {
  return formatDateRange(startIso, endIso, locale, 'medium');
}
