import { ValidationError } from './errors.js';

/** An e-mail address as stored: trimmed and lower-cased; a plainly malformed one is a 400 on `field`. */
export function normaliseEmail(input: string, field = 'email'): string {
  const email = input.trim().toLowerCase();
  if (email.length > 320 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw ValidationError('email is not a valid e-mail address.', field);
  }
  return email;
}

/** A phone number as stored: country code without "+", national number without leading zeros, and E.164. */
export function normalisePhoneParts(input: { countryCode: string; phoneNumber: string }) {
  const countryCode = input.countryCode.replace(/^\+/, '');
  const phoneNumber = input.phoneNumber.replace(/[\s()-]/g, '').replace(/^0+/, '');
  if (!/^\d{1,3}$/.test(countryCode)) throw ValidationError('countryCode must be 1–3 digits.', 'countryCode');
  if (!/^\d{4,14}$/.test(phoneNumber) || countryCode.length + phoneNumber.length > 15) {
    throw ValidationError('phoneNumber must be a national number of 4–14 digits.', 'phoneNumber');
  }
  return { countryCode, phoneNumber, phoneE164: `+${countryCode}${phoneNumber}` };
}
