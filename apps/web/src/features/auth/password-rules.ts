import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/constants';

export interface PasswordCheck {
  length: boolean;
  letter: boolean;
  digit: boolean;
}

/** The server's rule: 8–128 characters with at least one letter and one digit. */
export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    letter: /\p{L}/u.test(password),
    digit: /\p{Nd}/u.test(password),
  };
}

export function isPasswordValid(password: string): boolean {
  const check = checkPassword(password);
  return check.length && check.letter && check.digit;
}

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** Valid passwords are at least medium; long ones mixing cases or symbols are strong. */
export function passwordStrength(password: string): PasswordStrength {
  if (!isPasswordValid(password)) return 'weak';
  const variety = [/\p{Lu}/u, /\p{Ll}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
  return password.length >= 12 && variety >= 2 ? 'strong' : 'medium';
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}
