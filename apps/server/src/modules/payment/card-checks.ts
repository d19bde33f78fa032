import { BadRequest } from '../../shared/errors.js';
import type { CardBrand } from './payment.table.js';

export interface CardInput {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
}

/** Digits only: spaces and dashes people type are dropped; anything else makes the number invalid. */
export function normalisePan(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

export function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = pan.charCodeAt(pan.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(pan: string): CardBrand | null {
  if (/^4/.test(pan)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(pan)) return 'MASTERCARD';
  if (/^9792/.test(pan) || /^65(00|52)/.test(pan)) return 'TROY';
  if (/^3[47]/.test(pan)) return 'AMEX';
  return null;
}

export const maskOf = (last4: string): string => `**** **** **** ${last4}`;

/** The card's own checks, in the order a form shows them; each failure names its field. Returns the clean PAN and brand. */
export function checkCard(card: CardInput, at: Date): { pan: string; brand: CardBrand } {
  const pan = normalisePan(card.number);
  if (!pan || !luhnValid(pan)) throw BadRequest('INVALID_CARD_NUMBER', 'The card number is not valid.', 'cardNumber');
  const brand = brandOf(pan);
  if (!brand) throw BadRequest('UNSUPPORTED_CARD', 'This card type is not accepted.', 'cardNumber');
  if (!Number.isInteger(card.expiryMonth) || card.expiryMonth < 1 || card.expiryMonth > 12) {
    throw BadRequest('INVALID_EXPIRY_MONTH', 'The expiry month is not valid.', 'expiryMonth');
  }
  // Two-digit years are read as 20YY, the way cards print them.
  const year = card.expiryYear < 100 ? 2000 + card.expiryYear : card.expiryYear;
  const thisYear = at.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 25) {
    throw BadRequest('INVALID_EXPIRY_YEAR', 'The expiry year is not valid.', 'expiryYear');
  }
  if (year === thisYear && card.expiryMonth < at.getUTCMonth() + 1) {
    throw BadRequest('CARD_EXPIRED', 'The card has expired.', 'expiryMonth');
  }
  const cvcLength = brand === 'AMEX' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) throw BadRequest('INVALID_CVC', 'The security code is not valid.', 'cvc');
  if (card.holderName.trim().length === 0) throw BadRequest('INVALID_HOLDER_NAME', 'The name on the card is required.', 'holderName');
  return { pan, brand };
}

/** Normalises a two-digit year the same way checkCard reads it. */
export const fullYear = (y: number): number => (y < 100 ? 2000 + y : y);
