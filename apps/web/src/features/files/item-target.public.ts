import type { FileItem } from '@/api/files';
import { filesPath } from './folder-path';
import { previewPath } from './preview-path';

/** Where a file or folder opens from another screen (search): the route and the history state to push. */
export interface ItemTarget {
  to: string;
  state?: { fromFiles: true };
}

/**
 * A folder opens its listing; a file its preview within its own folder, marked so that closing the preview steps
 * back to the screen it was opened from.
 */
export function itemTarget(item: Pick<FileItem, 'uuid' | 'folder' | 'parentFolderUuid'>): ItemTarget {
  if (item.folder) return { to: filesPath(item.uuid) };
  return { to: previewPath(item.uuid, item.parentFolderUuid), state: { fromFiles: true } };
}
