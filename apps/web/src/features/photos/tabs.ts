import type { GetPhotoGroupsApiArg } from '@/api/generated/photos';

/** The photo categories of GET /scroll/groups (docs/api.md "Photos timeline"). */
export type PhotoCategory = NonNullable<GetPhotoGroupsApiArg>;

export const PHOTO_CATEGORIES: readonly PhotoCategory[] = ['all', 'favourites', 'videos', 'photos'];

export function isPhotoCategory(value: string | undefined): value is PhotoCategory {
  return value !== undefined && (PHOTO_CATEGORIES as readonly string[]).includes(value);
}
