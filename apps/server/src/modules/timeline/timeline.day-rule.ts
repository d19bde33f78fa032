// The rule the timeline_day triggers (timeline migration) keep, written once in TypeScript so a test can pin them.
import { MEDIA_KIND, type FileRow } from '../files/files.public.js';

export type DayRuleFile = Pick<FileRow, 'account_id' | 'taken_day' | 'media_kind' | 'status' | 'hidden' | 'is_folder' | 'favourite' | 'family_id'>;

export interface TimelineDayCount {
  account_id: string;
  /** YYYYMMDD */
  day: number;
  images: number;
  videos: number;
  favourites: number;
}

/** A file is on the timeline when it is a live, visible photo or video with a day, not in a family library (issue 35). */
export const countsOnTimeline = (f: DayRuleFile): boolean =>
  f.taken_day !== null &&
  (f.media_kind === MEDIA_KIND.image || f.media_kind === MEDIA_KIND.video) &&
  f.status === 'ACTIVE' &&
  f.hidden === 0 &&
  f.is_folder === 0 &&
  f.family_id === null;

/** Per account and day: photos, videos and favourites among them; a day with nothing on it has no row. */
export function timelineDays(files: Iterable<DayRuleFile>): TimelineDayCount[] {
  const days = new Map<string, TimelineDayCount>();
  for (const f of files) {
    if (!countsOnTimeline(f)) continue;
    const key = `${f.account_id}|${f.taken_day}`;
    const row = days.get(key) ?? { account_id: f.account_id, day: f.taken_day!, images: 0, videos: 0, favourites: 0 };
    if (f.media_kind === MEDIA_KIND.image) row.images++;
    else row.videos++;
    if (f.favourite === 1) row.favourites++;
    days.set(key, row);
  }
  return [...days.values()].sort(byAccountAndDay);
}

export const byAccountAndDay = (a: TimelineDayCount, b: TimelineDayCount): number =>
  a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : a.day - b.day;
