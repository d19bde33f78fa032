import { afterEach, describe, expect, it, vi } from 'vitest';
import enCalendar from './locales/en/calendar.json';
import kaCalendar from './locales/ka/calendar.json';
import ruCalendar from './locales/ru/calendar.json';
import sqCalendar from './locales/sq/calendar.json';
import { formatDate, formatDateRange, runtimeHasDates } from './dates';
import { i18n } from './i18n';
import { formatMonth, formatDay as formatTimelineDay } from '@/features/photos/dates';
import { formatDateTime } from './format';

/** A runtime whose ICU lacks these languages, as Debian's Chromium lacks ka and sq. */
function withoutIcuFor(...missing: string[]) {
  const real = Intl.DateTimeFormat.supportedLocalesOf.bind(Intl.DateTimeFormat);
  vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((locales, options) =>
    real(locales, options).filter((tag) => !missing.includes(tag.split('-')[0]!)),
  );
}

const jan5 = new Date(Date.UTC(2021, 0, 5));

describe('dates in a language the runtime lacks', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('come from the product’s own calendar names: a Georgian timeline month reads "იანვარი 2021"', () => {
    i18n.addResourceBundle('ka', 'calendar', kaCalendar);
    withoutIcuFor('ka');
    expect(runtimeHasDates('ka')).toBe(false);
    expect(formatMonth(2021, 1, 'ka')).toBe('იანვარი 2021');
    expect(formatDate(jan5, 'ka', 'day_month_year', { utc: true })).toBe('5 იანვარი, 2021');
    // 5 January 2021 was a Tuesday.
    expect(formatTimelineDay(2021, 1, 5, 'ka', new Date(2026, 5, 1))).toBe('სამ, 5 იანვარი. 2021');
    expect(formatDate(jan5, 'ka', 'day_month_short_year', { utc: true })).toBe('5 იან. 2021');
    expect(formatDateRange(jan5, new Date(Date.UTC(2021, 0, 31)), 'ka', 'medium', { utc: true })).toBe('5 იან. 2021 – 31 იან. 2021');
  });

  it('and Albanian ones too; numeric dates keep their pattern', () => {
    i18n.addResourceBundle('sq', 'calendar', sqCalendar);
    withoutIcuFor('sq');
    expect(formatMonth(2021, 5, 'sq')).toBe('maj 2021');
    expect(formatDate(new Date(Date.UTC(2021, 10, 21)), 'sq', 'day_month_year', { utc: true })).toBe('21 nëntor 2021');
    expect(formatDateTime(new Date(2026, 0, 5, 21, 7), 'sq')).toBe('05.01.2026 - 21:07');
  });

  it('take the genitive beside a day and the standalone form alone (Russian)', () => {
    i18n.addResourceBundle('ru', 'calendar', ruCalendar);
    withoutIcuFor('ru');
    expect(formatDate(new Date(Date.UTC(2021, 4, 9)), 'ru', 'day_month_year', { utc: true })).toBe('9 мая 2021\u202fг.');
    expect(formatDate(new Date(Date.UTC(2021, 4, 9)), 'ru', 'month_year', { utc: true })).toBe('май 2021\u202fг.');
  });

  it('where the runtime has the language, are Intl’s', () => {
    expect(runtimeHasDates('tr')).toBe(true);
    expect(formatMonth(2021, 1, 'tr')).toBe(new Intl.DateTimeFormat('tr', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(jan5));
    expect(formatMonth(2021, 1, 'tr')).toBe('Ocak 2021');
  });
});

describe('calendar.json', () => {
  it('names twelve months and seven weekdays in every form', () => {
    for (const calendar of [enCalendar, kaCalendar, sqCalendar, ruCalendar]) {
      for (const months of [calendar.months, calendar.months_format, calendar.months_short]) expect(months).toHaveLength(12);
      for (const weekdays of [calendar.weekdays, calendar.weekdays_short]) expect(weekdays).toHaveLength(7);
    }
  });
});

describe('Arabic dates', () => {
  it('are written with Arabic-Indic digits', () => {
    expect(formatDate(jan5, 'ar', 'month_year', { utc: true })).toMatch(/^\S+ ٢٠٢١$/u);
    expect(formatDateTime(new Date(2026, 0, 5, 21, 7), 'ar')).toBe('٠٥.٠١.٢٠٢٦ - ٢١:٠٧');
  });
});
