// Calendar days stored as YYYYMMDD integers (the file table's taken_day, the timeline's day counts).

export const toDay = (y: number, m: number, d: number): number => y * 10_000 + m * 100 + d;

/** The UTC calendar day of an instant: the day of a photo without EXIF (its upload time). */
export function utcDay(ms: number): number {
  const d = new Date(ms);
  return toDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

const OFFSET = /^(?:UTC|GMT)?([+-])(\d{2}):?(\d{2})$/i;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time zone as stored with a file: the canonical IANA name ("Europe/Istanbul") or a fixed UTC offset ("+03:00");
 * null when the value is neither (unknown names, offsets beyond ±14:00).
 */
export function canonicalTimeZone(value: string): string | null {
  const v = value.trim();
  const m = OFFSET.exec(v);
  if (m) {
    const [hh, mm] = [Number(m[2]), Number(m[3])];
    if (mm > 59 || hh * 60 + mm > 14 * 60) return null;
    return `${m[1]}${m[2]}:${m[3]}`;
  }
  if (v === '' || v.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The calendar day of an instant on the wall clock of `timeZone` (a value canonicalTimeZone returned); the UTC day
 * when there is none, as for files uploaded before time zones were kept.
 */
export function localDay(ms: number, timeZone: string | null): number {
  if (timeZone === null) return utcDay(ms);
  const m = OFFSET.exec(timeZone);
  if (m) return utcDay(ms + (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000);
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    } catch {
      // A zone this runtime no longer knows: the day the file had before zones were kept.
      return utcDay(ms);
    }
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return toDay(part('year'), part('month'), part('day'));
}
