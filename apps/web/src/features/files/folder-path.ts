import { paths } from '@/config/paths';
import type { FolderCrumb } from '@/state/ui-slice';

/** Query parameter of /main/files holding the opened folder, so reload, back and forward keep the place. */
export const FOLDER_PARAM = 'folder';

export function filesPath(folderUuid: string | null): string {
  return folderUuid ? `${paths.files}?${new URLSearchParams({ [FOLDER_PARAM]: folderUuid }).toString()}` : paths.files;
}

/**
 * The breadcrumb for the folder in the URL: the stored path (spec: openedFolder) or a path seen in this visit
 * when they lead to it; a folder reached any other way shows as a single unnamed level.
 */
export function resolveFolderPath(
  folderUuid: string | null,
  stored: readonly FolderCrumb[],
  known: ReadonlyMap<string, FolderCrumb[]>,
): FolderCrumb[] {
  if (!folderUuid) return [];
  const index = stored.findIndex((crumb) => crumb.uuid === folderUuid);
  if (index >= 0) return stored.slice(0, index + 1);
  return known.get(folderUuid) ?? [{ uuid: folderUuid, name: '…' }];
}

export function samePath(a: readonly FolderCrumb[], b: readonly FolderCrumb[]): boolean {
  return a.length === b.length && a.every((crumb, index) => crumb.uuid === b[index]?.uuid && crumb.name === b[index]?.name);
}
