import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { Type, type Static } from 'typebox';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { countryName } from '../../infra/geo/reverse-geocoder.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { readerLanguage } from '../../shared/reader-language.js';
import { errorResponses, type Language } from '../../shared/schemas.js';
import { familyMemberOf, inFamilyLibrary, notInFamily } from '../family/family.public.js';
import type { DerivativeLinks, FileRow } from '../files/files.public.js';
import { CoverPhotoOrNull, PageQuery, toCoverPhoto } from './places.cover-photo.js';
import { LanguageHeaders } from './places.schemas.js';
import { placeName } from './places.service.js';

// Places of the family library (issue 35). Place rows are each account's own (one per city per account), so the
// family groups its library's photos by what a place is — the country and the city — across every adder. The photos
// of one are the library page filtered (`GET /family/library?place=<key>`), registered as the library's place filter.

export const FamilyPlace = Type.Object(
  {
    /** `TR-745044` (country, then the city's id) or `TR` (a country alone); `?place=` of the family library. */
    key: Type.String(),
    /** The city's name in the caller's language (X-Client-Language), as on the personal places page. */
    name: Type.String(),
    nameEn: Type.String(),
    country: Type.Union([Type.String(), Type.Null()]),
    countryCode: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    photoCount: Type.Integer(),
    coverPhoto: CoverPhotoOrNull,
  },
  { $id: 'FamilyPlace' },
);
export type FamilyPlaceDto = Static<typeof FamilyPlace>;
export const FamilyPlacePage = Type.Object(
  { places: Type.Array(FamilyPlace), total: Type.Integer(), pageNumber: Type.Integer(), pageSize: Type.Integer() },
  { $id: 'FamilyPlacePage' },
);

const keyOf = (countryCode: string, cityId: number | null) => (cityId === null ? countryCode : `${countryCode}-${cityId}`);
function parseKey(key: string): { countryCode: string; cityId: number | null } {
  const [countryCode, city] = key.split('-') as [string, string | undefined];
  return { countryCode, cityId: city === undefined ? null : Number(city) };
}

/** Every place of the family library with its photo count, most photographed first (a family's places are few). */
async function familyPlaces(db: Executor, familyId: string) {
  const rows = await db
    .selectFrom('file')
    .innerJoin('file_place', 'file_place.file_id', 'file.id')
    .innerJoin('place', 'place.id', 'file_place.place_id')
    .select((eb) => [
      'place.country_code',
      'place.city_id',
      eb.fn.max('place.name').as('name'),
      eb.fn.max('place.name_en').as('name_en'),
      eb.fn.max('place.latitude').as('latitude'),
      eb.fn.max('place.longitude').as('longitude'),
      eb.fn.count<number>('file.id').distinct().as('photos'),
    ])
    .where((eb) => inFamilyLibrary(eb, familyId))
    .groupBy(['place.country_code', 'place.city_id'])
    .execute();
  return rows
    .map((r) => ({
      country_code: r.country_code,
      city_id: r.city_id === null ? null : Number(r.city_id),
      name: String(r.name),
      name_en: String(r.name_en),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      photos: Number(r.photos),
    }))
    .sort((a, b) => b.photos - a.photos || a.name_en.localeCompare(b.name_en) || keyOf(a.country_code, a.city_id).localeCompare(keyOf(b.country_code, b.city_id)));
}

/** The newest library photo of each place (its cover). */
async function covers(db: Executor, familyId: string): Promise<Map<string, FileRow>> {
  const ranked = db
    .selectFrom('file')
    .innerJoin('file_place', 'file_place.file_id', 'file.id')
    .innerJoin('place', 'place.id', 'file_place.place_id')
    .selectAll('file')
    .select([
      'place.country_code as place_country',
      'place.city_id as place_city',
      // A country-only place (no city) is one partition of its own.
      sql<number>`row_number() over (partition by place.country_code, coalesce(place.city_id, -1) order by file.taken_at desc, file.id desc)`.as('rank'),
    ])
    .where((eb) => inFamilyLibrary(eb, familyId))
    .as('r');
  const rows = await db.selectFrom(ranked).selectAll().where('rank', '=', 1).execute();
  return new Map(
    rows.map(({ place_country, place_city, rank: _rank, ...file }) => [keyOf(place_country, place_city === null ? null : Number(place_city)), file as unknown as FileRow]),
  );
}

/** SQL on `file` for the family library page: the photos taken at this place (any adder's place row of it). */
export const photosAtPlace = (eb: ExpressionBuilder<DB, 'file'>, _familyId: string, key: string): Expression<SqlBool> => {
  const { countryCode, cityId } = parseKey(key);
  return eb(
    'file.id',
    'in',
    eb
      .selectFrom('file_place')
      .innerJoin('place', 'place.id', 'file_place.place_id')
      .select('file_place.file_id')
      .where('place.country_code', '=', countryCode)
      .where('place.city_id', cityId === null ? 'is' : '=', cityId),
  );
};

export class FamilyPlacesService {
  constructor(private readonly d: { db: Kysely<DB>; links: DerivativeLinks | null }) {}

  async page(auth: Pick<AuthContext, 'accountId'>, language: Language | undefined, q: { pageNumber: number; pageSize: number }) {
    const member = await familyMemberOf(this.d.db, auth.accountId);
    if (!member) throw notInFamily();
    const all = await familyPlaces(this.d.db, member.family_id);
    const page = all.slice(q.pageNumber * q.pageSize, (q.pageNumber + 1) * q.pageSize);
    const cover = page.length > 0 ? await covers(this.d.db, member.family_id) : new Map<string, FileRow>();
    const places: FamilyPlaceDto[] = page.map((p) => {
      const key = keyOf(p.country_code, p.city_id);
      return {
        key,
        name: placeName(p, language),
        nameEn: placeName(p, 'en'),
        country: countryName(p.country_code, language ?? 'en'),
        countryCode: p.country_code,
        latitude: p.latitude,
        longitude: p.longitude,
        photoCount: p.photos,
        coverPhoto: toCoverPhoto(cover.get(key), this.d.links),
      };
    });
    return { places, total: all.length, pageNumber: q.pageNumber, pageSize: q.pageSize };
  }
}

export const familyPlacesRoutes: FastifyPluginAsyncTypebox<{ familyPlaces: FamilyPlacesService }> = async (app, { familyPlaces: service }) => {
  app.get(
    '/family/places',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'listFamilyPlaces',
        summary: 'List the places of the family library',
        tags: ['family'],
        querystring: PageQuery,
        headers: LanguageHeaders,
        response: { 200: FamilyPlacePage, ...errorResponses },
      },
    },
    async (req) => service.page(req.auth!, readerLanguage(req.headers['x-client-language']), req.query),
  );
};
