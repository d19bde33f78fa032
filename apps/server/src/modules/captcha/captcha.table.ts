export interface CaptchaTable {
  id: string;
  answer: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
