import { describe, expect, it } from 'vitest';
import { checkCard, detectBrand, flagForServerField, formatCardNumber, luhnValid, toCardInput, type CardDraft } from './card';

const NOW = new Date('2026-11-26T12:00:00Z');
const good: CardDraft = { number: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '30', cvc: '123', holderName: 'Ayşe Yılmaz', confirmed: true };

describe('card checks', () => {
  it('knows the sandbox test cards by Luhn and brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000003220')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(detectBrand('4242')).toBe('VISA');
    expect(detectBrand('5555')).toBe('MASTERCARD');
    expect(detectBrand('2221 00')).toBe('MASTERCARD');
    expect(detectBrand('9792 0300')).toBe('TROY');
    expect(detectBrand('3782 822463 10005')).toBe('AMEX');
    expect(detectBrand('1234')).toBeNull();
  });

  it('formats the number in groups and stops at the brand length', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42a42-42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('raises no flag for a good card and one flag per bad field', () => {
    expect(checkCard(good, NOW)).toEqual({ cardNumber: false, month: false, year: false, cvc: false, cardName: false, confirmCheckbox: false });
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, NOW).cardNumber).toBe(true);
    expect(checkCard({ ...good, number: '4242 4242' }, NOW).cardNumber).toBe(true);
    expect(checkCard({ ...good, expiryMonth: '13' }, NOW).month).toBe(true);
    expect(checkCard({ ...good, expiryMonth: '' }, NOW).month).toBe(true);
    expect(checkCard({ ...good, expiryYear: '25' }, NOW).year).toBe(true);
    expect(checkCard({ ...good, expiryYear: '2' }, NOW).year).toBe(true);
    expect(checkCard({ ...good, cvc: '12' }, NOW).cvc).toBe(true);
    expect(checkCard({ ...good, holderName: '  ' }, NOW).cardName).toBe(true);
    expect(checkCard({ ...good, confirmed: false }, NOW).confirmCheckbox).toBe(true);
  });

  it('treats a card as valid to the end of its month', () => {
    expect(checkCard({ ...good, expiryMonth: '11', expiryYear: '26' }, NOW).month).toBe(false);
    expect(checkCard({ ...good, expiryMonth: '10', expiryYear: '2026' }, NOW).month).toBe(true);
  });

  it('asks AMEX for four CVC digits and sends the contract card', () => {
    const amex = { ...good, number: '3782 822463 10005' };
    expect(checkCard({ ...amex, cvc: '123' }, NOW).cvc).toBe(true);
    expect(checkCard({ ...amex, cvc: '1234' }, NOW).cvc).toBe(false);
    expect(toCardInput(good)).toEqual({ number: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvc: '123', holderName: 'Ayşe Yılmaz' });
    expect(flagForServerField('cardNumber')).toBe('cardNumber');
    expect(flagForServerField('expiryYear')).toBe('year');
    expect(flagForServerField('holderName')).toBe('cardName');
    expect(flagForServerField('other')).toBeNull();
  });
});
