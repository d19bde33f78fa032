import type { Selectable } from 'kysely';

export type DrawStatus = 'OPEN' | 'CLOSED' | 'DRAWN';

export interface DrawCampaignTable {
  id: string;
  name: string;
  /** JSON { <language>: { title, conditions, result } }. */
  texts: string;
  starts_at: number;
  ends_at: number;
  winner_count: number;
  status: DrawStatus;
  /** 32 random bytes, hex; revealed only once the draw has run. */
  seed: string;
  /** SHA-256 (hex) of the seed's hex text, published from creation. */
  commitment: string;
  closed_at: number | null;
  drawn_at: number | null;
  created_at: number;
}
export type DrawCampaign = Selectable<DrawCampaignTable>;

export interface DrawCodeTable {
  id: string;
  campaign_id: string;
  batch_id: string;
  code_hash: string;
  check_char: string;
  msisdn: string | null;
  used_at: number | null;
  created_at: number;
}
export type DrawCode = Selectable<DrawCodeTable>;

export interface DrawRequestTable {
  id: string;
  reference_hash: string;
  code_id: string;
  msisdn: string;
  otp_hash: string;
  otp_expires_at: number;
  failed_attempts: number;
  created_at: number;
}
export type DrawRequest = Selectable<DrawRequestTable>;

export interface DrawEntryTable {
  id: string;
  campaign_id: string;
  code_id: string;
  msisdn: string;
  entry_hash: string;
  language: string;
  winner_rank: number | null;
  created_at: number;
}
export type DrawEntry = Selectable<DrawEntryTable>;

/** Fixed-window attempt counters per phone, code and address (same shape as every counter table). */
export interface DrawCounterTable {
  key: string;
  count: number;
  window_start: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    draw_campaign: DrawCampaignTable;
    draw_code: DrawCodeTable;
    draw_request: DrawRequestTable;
    draw_entry: DrawEntryTable;
    draw_counter: DrawCounterTable;
  }
}
