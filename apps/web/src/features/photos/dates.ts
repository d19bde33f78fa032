/** A timeline day as a UTC midnight Date: groups are calendar days, so no time zone may move them. */
function dayDate(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formatters.set(key, cached);
  }
  return cached;
}

export type RelativeDay = 'today' | 'yesterday' | null;

/** Whether the day is today or yesterday in the viewer's local calendar. */
export function relativeDay(year: number, month: number, day: number, now: Date = new Date()): RelativeDay {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const value = Date.UTC(year, month - 1, day);
  if (value === today) return 'today';
  if (value === today - 86_400_000) return 'yesterday';
  return null;
}

/** "Sat, 21 November" this year, "Sat, 21 November 2025" before, in the UI language. */
export function formatDay(year: number, month: number, day: number, language: string, now: Date = new Date()): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'long' };
  if (year !== now.getFullYear()) options.year = 'numeric';
  return formatter(language, options).format(dayDate(year, month, day));
}

/** "November 2026" in the UI language. */
export function formatMonth(year: number, month: number, language: string): string {
  return formatter(language, { month: 'long', year: 'numeric' }).format(dayDate(year, month, 1));
}

/** "21 November 2026", for a day's check box label. */
export function formatFullDay(year: number, month: number, day: number, language: string): string {
  return formatter(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(dayDate(year, month, day));
}
