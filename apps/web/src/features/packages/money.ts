import { formatDate } from '@/i18n/dates';
import { numberFormat } from '@/i18n/intl';

function currencyFormat(language: string, currency: string): Intl.NumberFormat {
  return numberFormat(language, { style: 'currency', currency });
}

/**
 * An amount in minor units (kuruş) written in the interface language: 14999 TRY → "₺149,99" in Turkish, "TRY 149.99"
 * or "₺149.99" in English, with Arabic digits in Arabic. The currency's own number of decimals decides the division.
 */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  const format = currencyFormat(language, currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** A day in the interface language ("26 Kasım 2026"); empty for a missing or unreadable value. */
export function formatDay(value: string | null | undefined, language: string): string {
  return value ? formatDate(value, language, 'day_month_year') : '';
}
