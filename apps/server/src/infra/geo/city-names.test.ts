import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/schemas.js';
import { readerLanguage } from '../../shared/reader-language.js';
import { CITY_NAME_LANGUAGES, CITY_NAMES } from './city-names.data.js';
import { cityName, cityNames, reverseGeocode } from './reverse-geocoder.js';

/** The city the geocoder gives for a point (the ids below are GeoNames'). */
const cityAt = (lat: number, lon: number) => reverseGeocode(lat, lon).city!;

describe('city names in the app languages', () => {
  it('the data speaks exactly the 11 languages of the app, every city with a name in each', () => {
    expect([...CITY_NAME_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    const rows = Object.entries(CITY_NAMES);
    // CLDR's exemplar cities and the supplement: a few hundred, the capitals and large cities among them.
    expect(rows.length).toBeGreaterThan(300);
    for (const [id, names] of rows) {
      expect(names, id).toHaveLength(CITY_NAME_LANGUAGES.length);
      for (const n of names) expect(n.trim(), id).not.toBe('');
    }
  });

  it('Tbilisi is Tiflis in Turkish and German, تبليسي in Arabic, Тбилиси in Russian, თბილისი in Georgian', () => {
    const tbilisi = cityAt(41.7225, 44.7506);
    const say = (l: string) => cityName(tbilisi.id, tbilisi.name, l);
    expect([say('tr'), say('de'), say('ar'), say('ru'), say('uk'), say('ka'), say('en')]).toEqual(['Tiflis', 'Tiflis', 'تبليسي', 'Тбилиси', 'Тбілісі', 'თბილისი', 'Tbilisi']);
    expect(cityNames(tbilisi.id)).toEqual(expect.arrayContaining(['Tiflis', 'Tbilissi', 'Tbilis']));
  });

  it('Istanbul is İstanbul in Turkish and Stamboll in Albanian; Ankara, Kutaisi and Munich come from the supplement', () => {
    const istanbul = cityAt(40.9903, 29.0297);
    expect(cityName(istanbul.id, istanbul.name, 'tr')).toBe('İstanbul');
    expect(cityName(istanbul.id, istanbul.name, 'sq')).toBe('Stamboll');
    const ankara = cityAt(39.92, 32.85);
    expect(cityName(ankara.id, ankara.name, 'ar')).toBe('أنقرة');
    const kutaisi = cityAt(42.27, 42.7);
    expect(cityName(kutaisi.id, kutaisi.name, 'ka')).toBe('ქუთაისი');
    const munich = cityAt(48.137, 11.575);
    expect([cityName(munich.id, munich.name, 'de'), cityName(munich.id, munich.name, 'tr')]).toEqual(['München', 'Münih']);
  });

  it("a city without exonyms keeps GeoNames' name in every language; a language the app lacks does too", () => {
    expect(cityName(1, 'Nowhere', 'tr')).toBe('Nowhere');
    expect(cityNames(1)).toEqual([]);
    expect(cityName(null, 'Türkiye', 'ar')).toBe('Türkiye');
    const tbilisi = cityAt(41.7225, 44.7506);
    expect(cityName(tbilisi.id, 'Tbilisi', 'xx')).toBe('Tbilisi');
  });
});

describe('reader language', () => {
  it('is the X-Client-Language header, a region tag reduced to its language; unknown or absent is none', () => {
    expect(readerLanguage('tr')).toBe('tr');
    expect(readerLanguage('ar-SA')).toBe('ar');
    expect(readerLanguage('EN')).toBe('en');
    expect(readerLanguage(['ka', 'en'])).toBe('ka');
    expect(readerLanguage('xx')).toBeUndefined();
    expect(readerLanguage('')).toBeUndefined();
    expect(readerLanguage(undefined)).toBeUndefined();
  });
});
