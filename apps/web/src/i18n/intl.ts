/**
 * The Intl tag of an interface language. Arabic is written with its own (Arabic-Indic) digits in numbers and dates
 * alike: recent ICU data gives plain `ar` Latin digits, so the numbering system is named; every other language keeps
 * its default digits.
 */
export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-u-nu-arab' : language;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The interface language's number format (cached): the one place numbers get their digits and separators. */
export function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${language}|${JSON.stringify(options)}` : language;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number as the interface language writes it ("1.234" in Turkish, "١٬٢٣٤" in Arabic). */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}
