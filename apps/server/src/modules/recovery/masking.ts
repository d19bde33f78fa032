import { normalisePhone } from '../auth/auth.public.js';

// Two-digit calling codes (ITU-T E.164 zones 2–9); 1 and 7 are one digit, every other code three.
const TWO_DIGIT = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52',
  '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92',
  '93', '94', '95', '98',
]);

/**
 * Splits a phone number as typed into country code and national number, as an account would hold it: international
 * forms by their calling code, national forms as Turkish (the operator's own market).
 */
export function splitTypedPhone(typed: string): { countryCode: string; national: string } | null {
  const phone = normalisePhone(typed);
  if (!phone) return null;
  if (!phone.startsWith('+')) return { countryCode: '90', national: phone.replace(/^0+/, '') };
  const digits = phone.slice(1);
  const ccLength = /^[17]/.test(digits) ? 1 : TWO_DIGIT.has(digits.slice(0, 2)) ? 2 : 3;
  return { countryCode: digits.slice(0, ccLength), national: digits.slice(ccLength) };
}
