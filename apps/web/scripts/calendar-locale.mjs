// Writes src/i18n/locales/<lang>/calendar.json from Node's full ICU (CLDR): month and weekday names and the date
// patterns the app uses, for the runtimes whose ICU lacks a language (Debian's Chromium has no ka or sq).
// Usage: node apps/web/scripts/calendar-locale.mjs   (review the diff; hand edits below are kept in OVERRIDES)
import fs from 'node:fs';
import path from 'node:path';

const LANGUAGES = ['en', 'tr', 'ru', 'uk', 'ar', 'de', 'es', 'ro', 'sq', 'fr', 'ka'];
// The shapes of src/i18n/dates.ts (DATE_SHAPES), without the time zone.
const SHAPES = {
  day_month_year: { day: 'numeric', month: 'long', year: 'numeric' },
  month_year: { month: 'long', year: 'numeric' },
  weekday_day_month: { weekday: 'short', day: 'numeric', month: 'long' },
  weekday_day_month_year: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  day_month_short_year: { day: 'numeric', month: 'short', year: 'numeric' },
};
// The product's choice where CLDR's pattern differs from it: a timeline month reads "იანვარი 2021".
const OVERRIDES = { ka: { month_year: '{{month}} {{year}}' } };

const utc = (month, day = 5) => new Date(Date.UTC(2021, month, day));
const part = (language, options, date, type) =>
  new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).formatToParts(date).find((p) => p.type === type)?.value ?? '';
const months = (options) => (language) => Array.from({ length: 12 }, (_, m) => part(language, options, utc(m), 'month'));
// 3 January 2021 was a Sunday: index 0 is Sunday, as Date.getDay().
const weekdays = (options) => (language) => Array.from({ length: 7 }, (_, d) => part(language, options, utc(0, 3 + d), 'weekday'));

for (const language of LANGUAGES) {
  if (Intl.DateTimeFormat.supportedLocalesOf([language]).length === 0) throw new Error(`this Node lacks ${language}`);
  const patterns = Object.fromEntries(
    Object.entries(SHAPES).map(([shape, options]) => [
      shape,
      OVERRIDES[language]?.[shape] ??
        new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' })
          .formatToParts(utc(0))
          .map((p) => (p.type === 'literal' ? p.value : `{{${p.type}}}`))
          .join(''),
    ]),
  );
  const data = {
    months: months(SHAPES.month_year)(language),
    months_format: months(SHAPES.day_month_year)(language),
    months_short: months(SHAPES.day_month_short_year)(language),
    weekdays: weekdays({ weekday: 'long' })(language),
    weekdays_short: weekdays(SHAPES.weekday_day_month)(language),
    patterns,
  };
  const file = path.resolve(import.meta.dirname, `../src/i18n/locales/${language}/calendar.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
