export interface CaptchaTable {
  id: string;
  answer: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    captcha: CaptchaTable;
  }
}
