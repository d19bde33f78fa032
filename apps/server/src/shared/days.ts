// Calendar days stored as YYYYMMDD integers (the file table's taken_day, the timeline's day counts).

export const toDay = (y: number, m: number, d: number): number => y * 10_000 + m * 100 + d;

/** The UTC calendar day of an instant: the day of a photo without EXIF (its upload time). */
export function utcDay(ms: number): number {
  const d = new Date(ms);
  return toDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}
