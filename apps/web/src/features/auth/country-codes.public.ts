/** Calling codes and national-number rules, for other features' phone fields (settings' phone change). */
export {
  COUNTRY_CALLING_CODES,
  DEFAULT_REGION,
  countryLabel,
  findCountry,
  isValidNationalNumber,
  normaliseNationalNumber,
  type CountryCallingCode,
} from './country-codes';
