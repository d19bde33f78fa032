import i18next from 'i18next';
import { intlLocale, numberFormat } from './intl';

/**
 * The date shapes the screens show. Where the runtime's ICU has the language they are Intl's; where it lacks it
 * (Debian's Chromium has no ka or sq) they are written from locales/<lang>/calendar.json, the product's own names.
 */
export const DATE_SHAPES = {
  /** "21 November 2026" */
  day_month_year: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "November 2026" */
  month_year: { month: 'long', year: 'numeric' },
  /** "Sat, 21 November" */
  weekday_day_month: { weekday: 'short', day: 'numeric', month: 'long' },
  /** "Sat, 21 November 2026" */
  weekday_day_month_year: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  /** "21 Nov 2026" */
  day_month_short_year: { day: 'numeric', month: 'short', year: 'numeric' },
  /** Intl's medium date style ("Nov 21, 2026"); the short-month pattern where the runtime lacks the language. */
  medium: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateShape = keyof typeof DATE_SHAPES;
type PatternShape = Exclude<DateShape, 'medium'>;

/** locales/<lang>/calendar.json: months and weekdays (index 0 = January, Sunday) and each shape's pattern. */
type Calendar = {
  months: string[];
  months_format: string[];
  months_short: string[];
  weekdays: string[];
  weekdays_short: string[];
  patterns: Record<PatternShape, string>;
};

export type DateOptions = {
  /** Read the date in UTC (calendar days sent by the server) instead of the viewer's time zone. */
  utc?: boolean;
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The interface language's Intl date format (cached); Arabic with its own digits. The only Intl.DateTimeFormat of the app. */
export function intlDateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Whether this runtime's ICU writes dates in the language (asked each time: it is cheap, and tests stub it). */
export function runtimeHasDates(language: string): boolean {
  return Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0;
}

/** The product's own calendar names, when the runtime lacks the language and the strings are loaded. */
function ownCalendar(language: string): Calendar | undefined {
  if (runtimeHasDates(language)) return undefined;
  // Loaded with the signed-in strings (`loadAllNamespaces`); until then Intl's stand-in (English) shows.
  return i18next.store ? (i18next.getResourceBundle(language, 'calendar') as Calendar | undefined) : undefined;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

function fromCalendar(calendar: Calendar, date: Date, language: string, shape: DateShape, utc: boolean): string {
  const patternShape: PatternShape = shape === 'medium' ? 'day_month_short_year' : shape;
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const digits = numberFormat(language, { useGrouping: false });
  const parts: Record<string, string> = {
    day: digits.format(utc ? date.getUTCDate() : date.getDate()),
    year: digits.format(utc ? date.getUTCFullYear() : date.getFullYear()),
    weekday: calendar.weekdays_short[utc ? date.getUTCDay() : date.getDay()] ?? '',
    // A month alone (a timeline heading) takes the standalone form, beside a day the format (genitive) one.
    month:
      (patternShape === 'day_month_short_year'
        ? calendar.months_short[month]
        : patternShape === 'month_year'
          ? calendar.months[month]
          : calendar.months_format[month]) ?? '',
  };
  return calendar.patterns[patternShape].replace(/\{\{(\w+)\}\}/g, (_, name: string) => parts[name] ?? '');
}

/** A date in one of the app's shapes, in the interface language; empty for an unreadable value. */
export function formatDate(value: Date | string | number, language: string, shape: DateShape, { utc = false }: DateOptions = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const calendar = ownCalendar(language);
  if (calendar) return fromCalendar(calendar, date, language, shape, utc);
  return intlDateFormat(language, { ...DATE_SHAPES[shape], ...(utc ? { timeZone: 'UTC' } : {}) }).format(date);
}

/** A period as one range ("1–31 Dec 2026"); two dates joined by a dash where the runtime lacks the language. */
export function formatDateRange(start: Date | string | number, end: Date | string | number, language: string, shape: DateShape, options: DateOptions = {}): string {
  const [from, to] = [toDate(start), toDate(end)];
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return '';
  if (ownCalendar(language)) return `${formatDate(from, language, shape, options)} – ${formatDate(to, language, shape, options)}`;
  return intlDateFormat(language, { ...DATE_SHAPES[shape], ...(options.utc ? { timeZone: 'UTC' } : {}) }).formatRange(from, to);
}
