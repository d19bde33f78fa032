import { paths } from '@/config/paths';

/** The preview URL of a file: its uuid and the folder whose listing next/previous walk through. */
export function previewPath(uuid: string, parentUuid: string | null): string {
  return `${paths.preview}?${new URLSearchParams({ uuid, parent: parentUuid ?? '' }).toString()}`;
}
