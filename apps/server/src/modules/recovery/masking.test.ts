import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from '../../shared/mask.js';
import { splitTypedPhone } from './masking.js';

describe('masking', () => {
  it('phones keep the country code, the first digit and the last two', () => {
    expect(maskPhone('90', '5321234512')).toBe('+90 5** *** **12');
    expect(maskPhone('49', '15123456789')).toBe('+49 1** **** **89');
    expect(maskPhone('1', '2025550143')).toBe('+1 2** *** **43');
    expect(maskPhone('995', '5551234')).toBe('+995 5** **34');
  });

  it('e-mails keep the first letter and the domain', () => {
    expect(maskEmail('deniz@example.com')).toBe('d***@example.com');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
  });

  it('typed phones split into calling code and national number like an account holds them', () => {
    expect(splitTypedPhone('+905321234512')).toEqual({ countryCode: '90', national: '5321234512' });
    expect(splitTypedPhone('00905321234512')).toEqual({ countryCode: '90', national: '5321234512' });
    expect(splitTypedPhone('0532 123 45 12')).toEqual({ countryCode: '90', national: '5321234512' });
    expect(splitTypedPhone('+12025550143')).toEqual({ countryCode: '1', national: '2025550143' });
    expect(splitTypedPhone('+4915123456789')).toEqual({ countryCode: '49', national: '15123456789' });
    expect(splitTypedPhone('+995555123456')).toEqual({ countryCode: '995', national: '555123456' });
    expect(splitTypedPhone('not a phone')).toBeNull();
  });
});
