import type { FileItem } from '@/api/files';

/** One file downloads directly; several items or any folder go as one zip built by the server. */
export function downloadsAsZip(items: readonly FileItem[]): boolean {
  return items.length > 1 || items.some((item) => item.folder);
}
