import type { AlbumStatus } from './api';

export type AlbumActionKey = 'rename' | 'download' | 'hide' | 'trash' | 'recover' | 'deleteForever';

/** What an album's menu offers in each state (recover from hidden and trash; delete forever from trash). */
export function albumActions(status: AlbumStatus): AlbumActionKey[] {
  switch (status) {
    case 'ACTIVE':
      return ['rename', 'download', 'hide', 'trash'];
    case 'HIDDEN':
      return ['recover', 'rename', 'download', 'trash'];
    case 'TRASHED':
      return ['recover', 'deleteForever'];
  }
}

export const ALBUM_STATUSES: readonly AlbumStatus[] = ['ACTIVE', 'HIDDEN', 'TRASHED'];

/** The list filter from the URL (?status=HIDDEN|TRASHED); anything else is the active albums. */
export function statusFromParam(value: string | null): AlbumStatus {
  return value === 'HIDDEN' || value === 'TRASHED' ? value : 'ACTIVE';
}
