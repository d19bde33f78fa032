import { Type, type Static } from 'typebox';
import { CoverPhotoOrNull } from '../places/places.public.js';

export const Thing = Type.Object(
  {
    id: Type.String(),
    /** The class key (e.g. 'dog'); the web shows it through `discover:things.<tag>`. */
    tag: Type.String(),
    photoCount: Type.Integer(),
    coverPhoto: CoverPhotoOrNull,
  },
  { $id: 'Thing' },
);
export type ThingDto = Static<typeof Thing>;

export const ThingPage = Type.Object({
  things: Type.Array(Thing),
  total: Type.Integer(),
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
});
export type ThingPageDto = Static<typeof ThingPage>;
