import { describe, expect, it } from 'vitest';
import { drawFailure, drawLanguageOf, formatCountdown, validateFailure } from './draw-errors';

const failure = (errorStatus: number | string | undefined, message?: string) => ({ errorStatus, errorData: message ? { message } : null, headers: {} });

describe('draw errors (spec 000 §8)', () => {
  it('maps the first call by its message, and status 703 to step 4', () => {
    expect(drawFailure(failure(400, 'Illegal argument error'))).toEqual({ kind: 'message', key: 'draw_error' });
    expect(drawFailure(failure(412, 'Captcha required.'))).toEqual({ kind: 'message', key: 'CAPTCHA_REQUIRED' });
    expect(drawFailure(failure(412, 'Invalid captcha.'))).toEqual({ kind: 'invalidCaptcha' });
    expect(drawFailure(failure(429, 'Too many requests!'))).toEqual({ kind: 'tooMany' });
    expect(drawFailure(failure(703))).toEqual({ kind: 'tooMany' });
  });

  it('maps the validation; an error without a status is success', () => {
    expect(validateFailure(failure(400, 'OTP Expired!'))).toEqual({ kind: 'message', key: 'OTP_TIMEOUT' });
    expect(validateFailure(failure(400, 'Invalid OTP!'))).toEqual({ kind: 'message', key: 'INVALID_OTP' });
    expect(validateFailure(failure(703, 'x'))).toEqual({ kind: 'tooMany' });
    expect(validateFailure(failure(429, 'Too many requests!'))).toEqual({ kind: 'tooMany' });
    expect(validateFailure(failure(undefined))).toEqual({ kind: 'success' });
  });

  it('counts down as m:ss and speaks Turkish or English only', () => {
    expect([formatCountdown(180), formatCountdown(61), formatCountdown(9), formatCountdown(0)]).toEqual(['3:00', '1:01', '0:09', '0:00']);
    expect([drawLanguageOf('tr'), drawLanguageOf('en'), drawLanguageOf('ar'), drawLanguageOf('de')]).toEqual(['tr', 'en', 'en', 'en']);
  });
});
