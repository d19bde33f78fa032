import { numberFormat } from '@/i18n/intl';

/** Minor units (kuruş) → the amount in the interface language, e.g. "₺49,99" in Turkish. */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  const format = numberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
