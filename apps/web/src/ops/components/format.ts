import { formatBytes, formatDateTime } from '@/i18n/format';
import { currentLanguage } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/intl';

/** Minor units (kuruş, cents) as money in the interface language. */
export function money(minor: number, currency: string, language = currentLanguage()): string {
  try {
    return formatNumber(minor / 100, language, { style: 'currency', currency });
  } catch {
    return `${formatNumber(minor / 100, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}

export const bytes = (value: number | null | undefined, language = currentLanguage()) => formatBytes(value ?? 0, language);
export const count = (value: number | null | undefined, language = currentLanguage()) => formatNumber(value ?? 0, language);
export const when = (value: string | number | null | undefined, language = currentLanguage()) => (value ? formatDateTime(value, language) : '—');

/** Today in the operator's own calendar, YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
