// Pure helpers of the photo timeline: a file's kind, and calendar days stored as YYYYMMDD integers (taken_day) and
// shown as "YYYY-MM-DD" keys.
import { MEDIA_KIND } from '../files/file.table.js';
import { exifDate, isMedia, isVideo } from '../media/media.facts.js';

/** The media_kind column of a new file: photos and videos are on the timeline, nothing else is. */
export const mediaKindOf = (contentType: string): number | null =>
  isMedia(contentType) ? (isVideo(contentType) ? MEDIA_KIND.video : MEDIA_KIND.image) : null;

const pad = (n: number) => String(n).padStart(2, '0');
const toDay = (y: number, m: number, d: number) => y * 10_000 + m * 100 + d;

/** The UTC calendar day of an instant: the day of a photo without EXIF (its upload time). */
export function utcDay(ms: number): number {
  const d = new Date(ms);
  return toDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * The local calendar day a photo was taken, from the EXIF wall clock: "2024:05:01 00:30:00" is 1 May whatever its
 * offset says (read as UTC, its UTC day is the wall-clock day); null when the value is not a usable date.
 */
export function exifDay(value: unknown): number | null {
  const wallClock = exifDate(value, null);
  return wallClock === null ? null : utcDay(wallClock);
}

export interface DayParts {
  year: number;
  month: number;
  day: number;
}

export const dayParts = (day: number): DayParts => ({ year: Math.floor(day / 10_000), month: Math.floor(day / 100) % 100, day: day % 100 });

export function dayKey(day: number): string {
  const p = dayParts(day);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`;
}

/** "2026-11-21" → 20261121; null unless it is a real calendar date. */
export function parseDayKey(key: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  return isRealDate(y, mo, d) ? toDay(y, mo, d) : null;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1800 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}
