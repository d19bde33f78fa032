const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(language: string, currency: string): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
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

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A day in the interface language ("26 Kasım 2026"); empty for a missing or unreadable value. */
export function formatDay(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' });
    dateFormats.set(language, format);
  }
  return format.format(date);
}
