import type { FormatterModule } from 'i18next';
import { numberFormat } from './intl';

/**
 * Every number interpolated into a translated sentence ("3 items selected", "12 of 40 uploaded") is written with
 * the interface language's digits (Arabic's own) and separators, here once instead of at each `t()` call. Strings (sizes, dates,
 * names) pass through untouched: they are formatted where they are made. Runs for every value (`alwaysFormat`).
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, _format, language): string {
    if (typeof value === 'number' && Number.isFinite(value) && language) return numberFormat(language).format(value);
    return value as string;
  },
};
