import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { formatDate } from '@/i18n/dates';
import { currentLanguage } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/intl';
import type { ForyouItem } from './api';
import { useForyouTranslation } from './use-foryou-translation';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** A YYYY-MM-DD day as "27 November 2026" in the reader's language. */
export function formatDay(day: string, language: string): string {
  // UTC: the server's days are UTC calendar days (docs/decisions.md "For you — foryou").
  return formatDate(new Date(`${day}T00:00:00Z`), language, 'day_month_year', { utc: true });
}

/**
 * A title parameter as the reader reads it: days and months in their language, seasons and styles translated,
 * years without grouping ("2026", not "2,026"), names as they are.
 */
function formatParam(name: string, value: string | number, language: string, t: TFunction): string {
  if (typeof value === 'number') return formatNumber(value, language, { useGrouping: false });
  if (DAY.test(value)) return formatDay(value, language);
  if (MONTH.test(value)) return formatDate(new Date(`${value}-01T00:00:00Z`), language, 'month_year', { utc: true });
  if (name === 'season' || name === 'style') {
    const key = `foryou:${name}.${value}`;
    return t(key as 'foryou:intro', { defaultValue: value });
  }
  return value;
}

/** The translated title of an item from `foryou:title.<key>` and its params; an unknown key reads as the kind's name. */
export function itemTitle(item: ForyouItem, t: TFunction, language: string): string {
  const params = Object.fromEntries(Object.entries(item.title.params).map(([name, value]) => [name, formatParam(name, value, language, t)]));
  const fallback = t(`foryou:kind.${item.kind}`);
  // Names and places arrive as they are: no HTML escaping (React escapes), no nesting.
  return t(`foryou:title.${item.title.key}` as 'foryou:intro', { ...params, defaultValue: fallback, interpolation: { escapeValue: false } });
}

/** The line under a title: the day for a memory, else how many photos. */
export function itemMeta(item: ForyouItem, t: TFunction, language: string): string {
  const date = item.title.params.date;
  if (item.kind === 'YEARS_AGO' && typeof date === 'string' && DAY.test(date)) return formatDay(date, language);
  return t('foryou:photo_count', { count: formatNumber(item.photoCount, language) });
}

export function useItemTitles() {
  const { t } = useForyouTranslation();
  const language = currentLanguage();
  return {
    title: useCallback((item: ForyouItem) => itemTitle(item, t, language), [t, language]),
    meta: useCallback((item: ForyouItem) => itemMeta(item, t, language), [t, language]),
  };
}
