import { LANGUAGES } from '../../shared/schemas.js';
import { foldText } from './search-index.fold.js';

/**
 * Month names in the 11 languages, for "Mart 2024" / "March 2024" / "март 2024". The index stores one language-free
 * word per month (`monthWord`), and a query word that starts a month name in any language also matches that word, so
 * the index stays small and every language finds every photo.
 */
interface MonthName {
  month: number;
  /** As shown, e.g. "Mart", "March". */
  display: string;
  folded: string;
}

function monthNames(): MonthName[] {
  const out: MonthName[] = [];
  const seen = new Set<string>();
  for (const lang of LANGUAGES) {
    const standalone = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' });
    // Some languages inflect a month next to a day ("марта"); both forms are names people type.
    const inDate = new Intl.DateTimeFormat(lang, { month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (let m = 1; m <= 12; m++) {
      const at = new Date(Date.UTC(2024, m - 1, 15));
      for (const display of [standalone.format(at), inDate.formatToParts(at).find((p) => p.type === 'month')?.value ?? '']) {
        const folded = foldText(display);
        if (folded === '' || folded.includes(' ') || seen.has(`${m}/${folded}`)) continue;
        seen.add(`${m}/${folded}`);
        out.push({ month: m, display, folded });
      }
    }
  }
  return out;
}

const MONTHS = monthNames();
/** A query word shorter than this only matches month names exactly ("ma" is not yet March, May, Mai, Mayıs …). */
const MIN_MONTH_PREFIX = 3;

/** The index word of a month: starts with a digit so that no name of a language begins it. */
export const monthWord = (month: number): string => `0m${String(month).padStart(2, '0')}`;

/** YYYYMM of a photo's local day of capture (YYYYMMDD, the wall clock the timeline groups by), or null. */
export const yearMonth = (takenDay: number | null): number | null => (takenDay === null ? null : Math.floor(takenDay / 100));

/** The index words of a day of capture: its year and its month. */
export function dateWords(takenDay: number | null): string[] {
  const ym = yearMonth(takenDay);
  return ym === null ? [] : [String(Math.floor(ym / 100)), monthWord(ym % 100)];
}

/** A month's name as shown in a language, e.g. (3, 'tr') → "Mart". */
export const monthDisplay = (month: number, lang: string): string =>
  new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, 15)));

/** The months (with the name that matched) whose name a folded query word begins. */
export function monthsStartingWith(word: string): MonthName[] {
  const hits = MONTHS.filter((m) => (word.length >= MIN_MONTH_PREFIX ? m.folded.startsWith(word) : m.folded === word));
  const byMonth = new Map<number, MonthName>();
  // A whole name shows before names it only begins ("may" is May, not Mayıs).
  for (const h of hits.filter((m) => m.folded === word)) if (!byMonth.has(h.month)) byMonth.set(h.month, h);
  for (const h of hits) if (!byMonth.has(h.month)) byMonth.set(h.month, h);
  return [...byMonth.values()];
}
