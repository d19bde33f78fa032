import { describe, expect, it } from 'vitest';
import { countryName, countryNames, PLACE_LANGUAGES, reverseGeocode } from './reverse-geocoder.js';

// Points inside a district of each city, not its centre: the nearest GeoNames point there is often a smaller town.
const CITIES: Array<[string, number, number, string, string, string]> = [
  ['Istanbul', 40.9903, 29.0297, 'TR', 'Türkiye', 'تركيا'], // Kadıköy
  ['Tbilisi', 41.7225, 44.7506, 'GE', 'Gürcistan', 'جورجيا'], // Saburtalo
  ['Kyiv', 50.4305, 30.6246, 'UA', 'Ukrayna', 'أوكرانيا'], // Darnytsia, left bank
  ['Tirana', 41.3117, 19.8009, 'AL', 'Arnavutluk', 'ألبانيا'], // Blloku
  ['Bucharest', 44.4627, 26.0831, 'RO', 'Romanya', 'رومانيا'], // Sector 1
  ['Berlin', 52.4969, 13.3908, 'DE', 'Almanya', 'ألمانيا'], // Kreuzberg
  ['Madrid', 40.4597, -3.6766, 'ES', 'İspanya', 'إسبانيا'], // Chamartín
  ['Paris', 48.8867, 2.3431, 'FR', 'Fransa', 'فرنسا'], // Montmartre
  ['Moscow', 55.8021, 37.5465, 'RU', 'Rusya', 'روسيا'], // Sokol
  ['Cairo', 30.0609, 31.2197, 'EG', 'Mısır', 'مصر'], // Zamalek
];

describe('reverse geocoder', () => {
  it.each(CITIES)('names %s from a district, with its country in Turkish, English and Arabic', (city, lat, lon, code, tr, ar) => {
    const place = reverseGeocode(lat, lon);
    expect(place.countryCode).toBe(code);
    expect(place.city?.name).toBe(city);
    expect(place.city?.nameEn).toBe(city);
    expect(countryName(place.countryCode, 'tr')).toBe(tr);
    expect(countryName(place.countryCode, 'ar')).toBe(ar);
    expect(countryName(place.countryCode, 'en')).toBe(new Intl.DisplayNames(['en'], { type: 'region' }).of(code));
  });

  it('names Georgia in Georgian and every language of the app', () => {
    expect(countryName('GE', 'ka')).toBe('საქართველო');
    const names = countryNames('GE');
    expect(names).toEqual(expect.arrayContaining(['Georgia', 'Gürcistan', 'Грузия', 'Грузія', 'Georgien', 'Géorgie', 'Gjeorgji']));
    expect(PLACE_LANGUAGES).toHaveLength(11);
  });

  it('takes the country from the border, not from the nearest city', () => {
    // Just north of the Sarpi crossing: Turkish Kemalpaşa (4 km) is nearer than any Georgian town.
    const place = reverseGeocode(41.52, 41.56);
    expect(place.countryCode).toBe('GE');
    expect(place.city?.countryCode).toBe('GE');
  });

  it('gives no city and no country in open sea, and the country alone far from every city', () => {
    expect(reverseGeocode(35.0, 18.0)).toEqual({ city: null, countryCode: null }); // Ionian Sea
    expect(reverseGeocode(-30.0, 75.0)).toEqual({ city: null, countryCode: null }); // Indian Ocean
    const desert = reverseGeocode(23.0, 28.0); // Western Desert, Egypt
    expect(desert).toEqual({ city: null, countryCode: 'EG' });
  });

  it('rejects coordinates outside the globe', () => {
    expect(reverseGeocode(91, 0)).toEqual({ city: null, countryCode: null });
    expect(reverseGeocode(Number.NaN, 0)).toEqual({ city: null, countryCode: null });
  });

  it('falls back to English for a language the app does not know', () => {
    expect(countryName('TR', 'xx')).toBe(countryName('TR', 'en'));
    expect(countryName(null, 'en')).toBeNull();
  });
});
