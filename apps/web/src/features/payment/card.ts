/** Client-side card checks and formatting; the server checks everything again (contract: 400 with field). */

export type CardBrand = 'VISA' | 'MASTERCARD' | 'TROY' | 'AMEX';

/** The spec's card-error flags (payment state): one per field of the new-card form and the confirm checkbox. */
export interface CardErrorFlags {
  cardNumber: boolean;
  month: boolean;
  year: boolean;
  cvc: boolean;
  cardName: boolean;
  confirmCheckbox: boolean;
}

export const NO_CARD_ERRORS: CardErrorFlags = { cardNumber: false, month: false, year: false, cvc: false, cardName: false, confirmCheckbox: false };

export interface CardDraft {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
  holderName: string;
  confirmed: boolean;
}

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

export function detectBrand(number: string): CardBrand | null {
  const digits = digitsOnly(number);
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^9792/.test(digits)) return 'TROY';
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'MASTERCARD';
  return null;
}

/** Digits a card of this brand has (AMEX 15, the others 16). */
export const cardLength = (brand: CardBrand | null) => (brand === 'AMEX' ? 15 : 16);
export const cvcLength = (brand: CardBrand | null) => (brand === 'AMEX' ? 4 : 3);

/** "4242424242424242" → "4242 4242 4242 4242"; AMEX 4-6-5. Extra digits are dropped. */
export function formatCardNumber(value: string): string {
  const brand = detectBrand(value);
  const digits = digitsOnly(value).slice(0, cardLength(brand));
  if (brand === 'AMEX') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Two-digit years mean 20xx. */
export function fullYear(value: string): number {
  const year = Number(digitsOnly(value));
  return year < 100 ? 2000 + year : year;
}

/** Every flag the draft raises; `now` decides what is past (a card is valid to the end of its month). */
export function checkCard(draft: CardDraft, now: Date = new Date()): CardErrorFlags {
  const brand = detectBrand(draft.number);
  const digits = digitsOnly(draft.number);
  const month = Number(draft.expiryMonth);
  const monthOk = /^\d{1,2}$/.test(draft.expiryMonth) && month >= 1 && month <= 12;
  const yearText = digitsOnly(draft.expiryYear);
  const year = fullYear(yearText);
  const thisYear = now.getFullYear();
  const yearOk = (yearText.length === 2 || yearText.length === 4) && year >= thisYear && year <= thisYear + 20;
  // The month is wrong when the card ran out earlier this year.
  const pastMonth = monthOk && yearOk && year === thisYear && month < now.getMonth() + 1;
  return {
    cardNumber: digits.length !== cardLength(brand) || !luhnValid(digits),
    month: !monthOk || pastMonth,
    year: !yearOk,
    cvc: !new RegExp(`^\\d{${cvcLength(brand)}}$`).test(draft.cvc),
    cardName: draft.holderName.trim().length < 2,
    confirmCheckbox: !draft.confirmed,
  };
}

export const hasCardErrors = (flags: CardErrorFlags) => Object.values(flags).some(Boolean);

/** The contract's NEW_CARD card from a checked draft. */
export function toCardInput(draft: CardDraft) {
  return {
    number: digitsOnly(draft.number),
    expiryMonth: Number(draft.expiryMonth),
    expiryYear: fullYear(draft.expiryYear),
    cvc: draft.cvc,
    holderName: draft.holderName.trim(),
  };
}

/** The server's field names (contract) → the spec's flags. */
export function flagForServerField(field: string | undefined): keyof CardErrorFlags | null {
  switch (field) {
    case 'cardNumber':
    case 'number':
      return 'cardNumber';
    case 'expiryMonth':
      return 'month';
    case 'expiryYear':
      return 'year';
    case 'cvc':
      return 'cvc';
    case 'holderName':
      return 'cardName';
    default:
      return null;
  }
}
