import { isApiError } from '@/api/errors';

/** What a refused draw call means for the page (spec 000 §8), read from the server's exact message texts. */
export type DrawFailure =
  | { kind: 'tooMany' }
  | { kind: 'invalidCaptcha' }
  | { kind: 'success' }
  | { kind: 'message'; key: 'draw_error' | 'CAPTCHA_REQUIRED' | 'OTP_TIMEOUT' | 'INVALID_OTP' };

/** The spec's status for "too many requests" besides the message. */
const TOO_MANY_STATUS = 703;

function read(error: unknown): { message?: string; status?: unknown } {
  if (!isApiError(error)) return {};
  const data = error.errorData as { message?: unknown } | null;
  return { message: typeof data?.message === 'string' ? data.message : undefined, status: error.errorStatus };
}

function tooMany(message: string | undefined, status: unknown): boolean {
  return message === 'Too many requests!' || status === TOO_MANY_STATUS;
}

/** The first call (and its resend). */
export function drawFailure(error: unknown): DrawFailure {
  const { message, status } = read(error);
  if (tooMany(message, status)) return { kind: 'tooMany' };
  if (message === 'Captcha required.') return { kind: 'message', key: 'CAPTCHA_REQUIRED' };
  if (message === 'Invalid captcha.') return { kind: 'invalidCaptcha' };
  return { kind: 'message', key: 'draw_error' };
}

/** The validation; an error without a status counts as success (spec 000 §4). */
export function validateFailure(error: unknown): DrawFailure {
  const { message, status } = read(error);
  if (status === undefined || status === null || status === '') return { kind: 'success' };
  if (tooMany(message, status)) return { kind: 'tooMany' };
  if (message === 'OTP Expired!') return { kind: 'message', key: 'OTP_TIMEOUT' };
  if (message === 'Invalid OTP!') return { kind: 'message', key: 'INVALID_OTP' };
  return { kind: 'message', key: 'draw_error' };
}

/** m:ss of a number of seconds (the countdown). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The page speaks Turkish or English only: English unless the stored language is one of them (spec 000 §2). */
export const drawLanguageOf = (stored: string): 'tr' | 'en' => (stored.split('-')[0] === 'tr' ? 'tr' : 'en');
