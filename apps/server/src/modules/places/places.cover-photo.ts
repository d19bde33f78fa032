import { Type, type Static } from 'typebox';
import { Album } from '../albums/albums.public.js';
import { NO_DERIVATIVE_URLS, type DerivativeLinks, type FileRow } from '../files/files.public.js';

/** The album module's cover shape (uuid, signed thumbnail and preview, placeholder, size), or null. */
export const CoverPhotoOrNull = Album.properties.coverPhoto;
export type CoverPhotoDto = Static<typeof CoverPhotoOrNull>;

export const toCoverPhoto = (file: FileRow | undefined, links: DerivativeLinks | null): CoverPhotoDto =>
  file
    ? {
        uuid: file.id,
        ...(links?.urls(file) ?? NO_DERIVATIVE_URLS),
        placeholder: file.placeholder ?? null,
        width: file.width === null ? null : Number(file.width),
        height: file.height === null ? null : Number(file.height),
      }
    : null;

export const PageQuery = Type.Object({
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  pageNumber: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
});
export type PageQueryValue = Static<typeof PageQuery>;

export const Progress = Type.Object({ done: Type.Integer(), total: Type.Integer() }, { $id: 'DiscoverProgress' });
