import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import { CoverPhotoOrNull } from './places.cover-photo.js';

export const Place = Type.Object(
  {
    id: Type.String(),
    /**
     * The city's name in the caller's language (X-Client-Language: "Tiflis" in Turkish, "تبليسي" in Arabic), GeoNames'
     * local name where the data has none in that language, the data's own without the header; the country's name for a
     * country-only place.
     */
    name: Type.String(),
    /** The same in English. */
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
