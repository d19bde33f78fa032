export interface CaptchaTable {
  id: string;
  answer: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Fixed-window request counters (failed sign-ins, sign-ups, captcha requests) that decide when a captcha is due. */
export interface RateCounterTable {
  key: string;
  count: number;
  window_start: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    captcha: CaptchaTable;
    rate_counter: RateCounterTable;
  }
}
