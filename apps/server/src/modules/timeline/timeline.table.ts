/** Photos per account and day, kept by database triggers on `file` (see the timeline migration); never written here. */
export interface TimelineDayTable {
  account_id: string;
  /** YYYYMMDD */
  day: number;
  images: number;
  videos: number;
  /** Favourite photos and videos. */
  favourites: number;
}
