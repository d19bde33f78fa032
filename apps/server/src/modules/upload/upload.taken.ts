import { localDay } from '../../shared/days.js';
import { exifDate, exifDay } from '../media/media.public.js';

const EARLIEST = Date.UTC(1900, 0, 1);
const DAY_MS = 86_400_000;
const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The client's capture date hint (x-object-meta-taken-at: ISO-8601 or epoch ms) as the instant and the day the
 * timeline would show. Anything unreadable, before 1900 or more than a day ahead is ignored: a hint never fails an
 * upload and never breaks the timeline. An ISO time keeps its wall-clock day, as the media job does for EXIF; an
 * instant (epoch ms) is on its day in the uploader's time zone.
 */
export function takenHint(value: string | undefined, at: number, timeZone: string | null = null): { at: number; day: number } | null {
  if (value === undefined) return null;
  const v = value.trim();
  let hint: { at: number; day: number } | null = null;
  if (/^\d{1,15}$/.test(v)) {
    hint = { at: Number(v), day: localDay(Number(v), timeZone) };
  } else {
    const m = ISO.exec(v);
    const instant = m ? exifDate(m[1], m[2] === 'Z' ? '+00:00' : (m[2] ?? null)) : null;
    const day = m ? exifDay(m[1]) : null;
    if (instant !== null && day !== null) hint = { at: instant, day };
  }
  return hint && hint.at >= EARLIEST && hint.at <= at + DAY_MS ? hint : null;
}
