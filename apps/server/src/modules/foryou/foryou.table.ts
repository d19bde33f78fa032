import type { Insertable, Selectable } from 'kysely';

export type ForyouKind = 'YEARS_AGO' | 'COLLAGE' | 'ANIMATION' | 'ALBUM' | 'STORY' | 'STYLED' | 'VIDEO';
export type ForyouStatus = 'NEW' | 'SEEN' | 'SAVED' | 'DISMISSED';

/** Something our jobs made from the account's photos (a memory, a collage, …). */
export interface ForyouItemTable {
  id: string;
  account_id: string;
  kind: ForyouKind;
  status: ForyouStatus;
  /** Stable per account and kind, so generating again is a no-op. */
  key: string;
  /** JSON object of values the web puts into its own translated title. */
  title_params: string;
  cover_file_id: string | null;
  /** Blob key of a rendered result (a collage image, a video), when the kind has one. */
  result_key: string | null;
  created_at: number;
  expires_at: number | null;
  /** JSON ResultMeta of `result_key`'s blob: content type, pixel size, length of a video. */
  result_meta: string | null;
  /** What saving it made: the file (collage, animation, video, styled photo) or the album (generated album). */
  saved_ref: string | null;
  /** A styled photo's original; the item goes when that file is deleted for good. */
  source_file_id: string | null;
}

/** What a rendered result blob is. */
export interface ResultMeta {
  contentType: string;
  width: number;
  height: number;
  /** Videos and animations; null for stills. */
  durationMs: number | null;
  bytes: number;
}

export interface ForyouItemPhotoTable {
  item_id: string;
  file_id: string;
  position: number;
}

/** How good a photo looks: sharpness and exposure of its preview, faces the people module found. */
export interface PhotoQualityTable {
  file_id: string;
  account_id: string;
  sharpness: number;
  exposure: number;
  faces: number;
  score: number;
  computed_at: number;
}

/** An account's day (UTC): the CPU our jobs spent on it, and whether the day's generation ran. */
export interface ForyouBudgetTable {
  account_id: string;
  day: number;
  cpu_ms: number;
  generated_at: number | null;
}

/** Styled photos an account made itself in a UTC month (the monthly quota); the generator's offers do not count. */
export interface ForyouStyledUseTable {
  account_id: string;
  /** YYYYMM, UTC. */
  month: number;
  used: number;
}

export type ForyouItemRow = Selectable<ForyouItemTable>;
export type NewForyouItem = Insertable<ForyouItemTable>;
export type PhotoQualityRow = Selectable<PhotoQualityTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    foryou_item: ForyouItemTable;
    foryou_item_photo: ForyouItemPhotoTable;
    photo_quality: PhotoQualityTable;
    foryou_budget: ForyouBudgetTable;
    foryou_styled_use: ForyouStyledUseTable;
  }
}
