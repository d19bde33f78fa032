import type { ReactNode } from 'react';
import type { FileItem } from '@/api/files';

/** A screen's own entry in the viewer's More menu, e.g. an album's "set as cover" and "remove from album". */
export interface ViewerMenuAction {
  key: string;
  label: string;
  icon: ReactNode;
  testId: string;
  /** Resolves to 'removed' when the item left the collection, so the viewer shows the next one. */
  run: (item: FileItem) => Promise<'removed' | 'kept'>;
}
