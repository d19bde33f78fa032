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

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    timeline_day: TimelineDayTable;
  }
}
