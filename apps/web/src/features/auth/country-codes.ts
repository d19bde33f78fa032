/** Calling codes offered at sign-up; the value is the region, the code is sent without "+". */
export interface CountryCallingCode {
  region: string;
  code: string;
  /** National number length rule: exact digits, or a min–max range. */
  digits: number | readonly [number, number];
}

export const DEFAULT_REGION = 'TR';

export const COUNTRY_CALLING_CODES: readonly CountryCallingCode[] = [
  { region: 'TR', code: '90', digits: 10 },
  { region: 'AZ', code: '994', digits: 9 },
  { region: 'GE', code: '995', digits: 9 },
  { region: 'UA', code: '380', digits: 9 },
  { region: 'RU', code: '7', digits: 10 },
  { region: 'KZ', code: '7', digits: 10 },
  { region: 'BY', code: '375', digits: 9 },
  { region: 'MD', code: '373', digits: 8 },
  { region: 'RO', code: '40', digits: 9 },
  { region: 'AL', code: '355', digits: [8, 9] },
  { region: 'XK', code: '383', digits: [8, 9] },
  { region: 'MK', code: '389', digits: 8 },
  { region: 'BA', code: '387', digits: [8, 9] },
  { region: 'RS', code: '381', digits: [8, 9] },
  { region: 'BG', code: '359', digits: [8, 9] },
  { region: 'GR', code: '30', digits: 10 },
  { region: 'CY', code: '357', digits: 8 },
  { region: 'DE', code: '49', digits: [10, 11] },
  { region: 'AT', code: '43', digits: [10, 13] },
  { region: 'CH', code: '41', digits: 9 },
  { region: 'NL', code: '31', digits: 9 },
  { region: 'BE', code: '32', digits: 9 },
  { region: 'FR', code: '33', digits: 9 },
  { region: 'ES', code: '34', digits: 9 },
  { region: 'IT', code: '39', digits: [9, 10] },
  { region: 'PT', code: '351', digits: 9 },
  { region: 'GB', code: '44', digits: 10 },
  { region: 'IE', code: '353', digits: 9 },
  { region: 'SE', code: '46', digits: [7, 9] },
  { region: 'NO', code: '47', digits: 8 },
  { region: 'DK', code: '45', digits: 8 },
  { region: 'FI', code: '358', digits: [9, 10] },
  { region: 'PL', code: '48', digits: 9 },
  { region: 'CZ', code: '420', digits: 9 },
  { region: 'HU', code: '36', digits: 9 },
  { region: 'US', code: '1', digits: 10 },
  { region: 'CA', code: '1', digits: 10 },
  { region: 'AE', code: '971', digits: 9 },
  { region: 'SA', code: '966', digits: 9 },
  { region: 'QA', code: '974', digits: 8 },
  { region: 'KW', code: '965', digits: 8 },
  { region: 'BH', code: '973', digits: 8 },
  { region: 'OM', code: '968', digits: 8 },
  { region: 'JO', code: '962', digits: 9 },
  { region: 'LB', code: '961', digits: [7, 8] },
  { region: 'IQ', code: '964', digits: 10 },
  { region: 'EG', code: '20', digits: 10 },
  { region: 'MA', code: '212', digits: 9 },
  { region: 'DZ', code: '213', digits: 9 },
  { region: 'TN', code: '216', digits: 8 },
  { region: 'UZ', code: '998', digits: 9 },
  { region: 'TM', code: '993', digits: 8 },
  { region: 'KG', code: '996', digits: 9 },
];

export function findCountry(region: string): CountryCallingCode {
  return COUNTRY_CALLING_CODES.find((country) => country.region === region) ?? COUNTRY_CALLING_CODES[0]!;
}

/** Digits only, without a trunk 0 ("0532…" → "532…"). */
export function normaliseNationalNumber(value: string): string {
  return value.replace(/\D/g, '').replace(/^0+/, '');
}

export function isValidNationalNumber(country: CountryCallingCode, national: string): boolean {
  if (!/^\d+$/.test(national)) return false;
  const [min, max] = typeof country.digits === 'number' ? [country.digits, country.digits] : country.digits;
  return national.length >= min && national.length <= max;
}

/** "Türkiye (+90)" in the interface language, falling back to the region code. */
export function countryLabel(country: CountryCallingCode, language: string): string {
  let name = country.region;
  try {
    name = new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(country.region) ?? country.region;
  } catch {
    // Older engines without Intl.DisplayNames keep the region code.
  }
  return `${name} (+${country.code})`;
}
