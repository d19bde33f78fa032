// Pure helpers of the media pipeline: which files it handles, and reading EXIF values into row columns.
import { utcDay } from '../../shared/days.js';
import { MEDIA_KIND, type FileTable } from '../files/files.public.js';

export const MEDIA_PROCESS_JOB = 'media.process';
export const SMALL_THUMBS_SCHEDULE = 'media.small-thumbs';

/** The media columns of a file nothing has been learnt about yet. */
export const NO_MEDIA = {
  taken_at: null,
  width: null,
  height: null,
  duration_ms: null,
  latitude: null,
  longitude: null,
  camera: null,
  orientation: null,
  placeholder: null,
  thumb_key: null,
  small_thumb_key: null,
  preview_key: null,
  media_status: null,
  media_error: null,
} satisfies Partial<FileTable>;

export const isMedia = (contentType: string) => /^(image|video)\//i.test(contentType.trim());
export const isVideo = (contentType: string) => /^video\//i.test(contentType.trim());
export const isHeif = (contentType: string, name: string) =>
  /^image\/hei[cf](-sequence)?$/i.test(contentType.trim()) || /\.hei[cf]$/i.test(name);

/** The media_kind column of a new file: photos and videos are on the timeline, nothing else is. */
export const mediaKindOf = (contentType: string): number | null =>
  isMedia(contentType) ? (isVideo(contentType) ? MEDIA_KIND.video : MEDIA_KIND.image) : null;

export const thumbKey = (accountId: string, id: string) => `users/${accountId}/thumbs/${id}.webp`;
export const smallThumbKey = (accountId: string, id: string) => `users/${accountId}/thumbs/${id}.small.webp`;
export const previewKey = (accountId: string, id: string) => `users/${accountId}/previews/${id}.webp`;

/**
 * EXIF "YYYY:MM:DD HH:MM:SS" (+ OffsetTimeOriginal "+03:00") as epoch ms. Without an offset the wall-clock time is
 * taken as UTC, so it shows as written. null for anything unreadable (cameras write "0000:00:00 00:00:00").
 */
export function exifDate(value: unknown, offset: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < 1800 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  let at = Date.UTC(y, mo - 1, d, h, mi, s);
  const o = typeof offset === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim()) : null;
  if (o) at -= (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3])) * 60_000;
  return at;
}

/** "Make Model", without the make repeated when the model already starts with it (Canon "Canon EOS R5"). */
export function cameraName(make: unknown, model: unknown): string | null {
  const mk = typeof make === 'string' ? make.trim() : '';
  const md = typeof model === 'string' ? model.trim() : '';
  const name = md.toLowerCase().startsWith(mk.toLowerCase()) ? md : `${mk} ${md}`.trim();
  return name ? name.slice(0, 200) : null;
}

export const coordinate = (v: unknown, limit: number): number | null =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit ? v : null;

/**
 * The local calendar day a photo was taken, from the EXIF wall clock: "2024:05:01 00:30:00" is 1 May whatever its
 * offset says (read as UTC, its UTC day is the wall-clock day); null when the value is not a usable date.
 */
export function exifDay(value: unknown): number | null {
  const wallClock = exifDate(value, null);
  return wallClock === null ? null : utcDay(wallClock);
}
