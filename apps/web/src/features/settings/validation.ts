import { EMAIL_MAX_LENGTH } from '@/config/constants';
import { isValidNationalNumber, normaliseNationalNumber, type CountryCallingCode } from '@/features/auth/country-codes.public';

/** A form field's problem, as a `settings` key and its values (spec §5: "%s is required", length and range messages). */
export interface FieldProblem {
  key: 'required' | 'too_long' | 'email_invalid' | 'birthday_range' | 'phone_invalid' | 'password_length' | 'password_mismatch' | 'password_same';
  values?: Record<string, string | number>;
}

export const ADDRESS_MAX_LENGTH = 500;
export const SECURITY_ANSWER_MAX_LENGTH = 100;
export const PROFILE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
const EARLIEST_BIRTHDAY = '1900-01-01';

// Deliberately loose: the server and the verification link decide; this catches typos only.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): FieldProblem | null {
  const email = value.trim();
  if (!email) return { key: 'required' };
  if (email.length > EMAIL_MAX_LENGTH) return { key: 'too_long', values: { max: EMAIL_MAX_LENGTH } };
  if (!EMAIL_PATTERN.test(email)) return { key: 'email_invalid' };
  return null;
}

export function checkAddress(value: string): FieldProblem | null {
  if (!value.trim()) return { key: 'required' };
  if (value.trim().length > ADDRESS_MAX_LENGTH) return { key: 'too_long', values: { max: ADDRESS_MAX_LENGTH } };
  return null;
}

/** `today` is the local calendar day as YYYY-MM-DD. */
export function checkBirthday(value: string, today: string): FieldProblem | null {
  if (!value) return { key: 'required' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)) || value < EARLIEST_BIRTHDAY || value > today) {
    return { key: 'birthday_range', values: { min: EARLIEST_BIRTHDAY, max: today } };
  }
  return null;
}

/** A national number by the country's own length rule (the sign-up rule). */
export function checkPhone(country: CountryCallingCode, phone: string): FieldProblem | null {
  const national = normaliseNationalNumber(phone);
  if (!national) return { key: 'required' };
  return isValidNationalNumber(country, national) ? null : { key: 'phone_invalid' };
}

export function checkNewPassword(
  password: string,
  repeat: string,
  old: string,
  policy: { minLength: number; maxLength: number },
): { newPassword?: FieldProblem; repeatPassword?: FieldProblem } {
  const problems: { newPassword?: FieldProblem; repeatPassword?: FieldProblem } = {};
  if (!password) problems.newPassword = { key: 'required' };
  else if (password.length < policy.minLength || password.length > policy.maxLength) {
    problems.newPassword = { key: 'password_length', values: { min: policy.minLength, max: policy.maxLength } };
  } else if (password === old) problems.newPassword = { key: 'password_same' };
  if (!repeat) problems.repeatPassword = { key: 'required' };
  else if (repeat !== password) problems.repeatPassword = { key: 'password_mismatch' };
  return problems;
}

export function checkRequired(value: string, max?: number): FieldProblem | null {
  if (!value.trim()) return { key: 'required' };
  if (max !== undefined && value.trim().length > max) return { key: 'too_long', values: { max } };
  return null;
}

/** Today as YYYY-MM-DD in the user's time zone. */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}
