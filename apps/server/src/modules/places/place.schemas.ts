import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { CoverPhotoOrNull } from './cover-photo.js';

export const Place = Type.Object(
  {
    id: Type.String(),
    /** The city's name as the data gives it (GeoNames: local name, Latin script); the country's for a country-only place. */
    name: Type.String(),
    nameEn: Type.String(),
    /** The country's name in the caller's language (X-Client-Language). */
    country: Type.Union([Type.String(), Type.Null()]),
    countryCode: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    photoCount: Type.Integer(),
    coverPhoto: CoverPhotoOrNull,
  },
  { $id: 'Place' },
);
export type PlaceDto = Static<typeof Place>;

export const PlacePage = Type.Object({
  places: Type.Array(Place),
  total: Type.Integer(),
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
});
export type PlacePageDto = Static<typeof PlacePage>;

export const PlaceOfPhoto = Type.Object({ place: Type.Union([Place, Type.Null()]) });
export const PhotoParams = Type.Object({ uuid: UuidSchema });
export const LanguageHeaders = Type.Object({ 'x-client-language': Type.Optional(Type.String({ maxLength: 16 })) });
