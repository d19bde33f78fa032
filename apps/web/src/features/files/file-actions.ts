import type { ParseKeys } from 'i18next';
import type { ComponentType, SVGProps } from 'react';
import {
  DownloadIcon,
  EditIcon,
  EyeOffIcon,
  FolderIcon,
  ImageIcon,
  MoveIcon,
  NoteIcon,
  RestoreIcon,
  ShareIcon,
  StarIcon,
  TrashIcon,
  ZipIcon,
} from '@/components/ui/icons';
import { downloadsAsZip } from '@/media/actions/downloads';
import type { FileItem } from '@/api/files';

export type FileActionKey =
  | 'open'
  | 'download'
  | 'zip'
  | 'favourite'
  | 'unfavourite'
  | 'move'
  | 'share'
  | 'rename'
  | 'describe'
  | 'versions'
  | 'importPhotos'
  | 'hide'
  | 'trash';

export interface FileAction {
  key: FileActionKey;
  labelKey: ParseKeys<'files'>;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  danger?: boolean;
  /** Labelled in the selection bar; the others are icons with a tooltip there. */
  primary?: boolean;
}

const ACTIONS: Record<FileActionKey, FileAction> = {
  open: { key: 'open', labelKey: 'action_open', icon: FolderIcon, primary: true },
  download: { key: 'download', labelKey: 'action_download', icon: DownloadIcon, primary: true },
  zip: { key: 'zip', labelKey: 'action_zip', icon: ZipIcon, primary: true },
  favourite: { key: 'favourite', labelKey: 'action_favourite', icon: StarIcon },
  unfavourite: { key: 'unfavourite', labelKey: 'action_unfavourite', icon: StarIcon },
  move: { key: 'move', labelKey: 'action_move', icon: MoveIcon, primary: true },
  share: { key: 'share', labelKey: 'action_share', icon: ShareIcon, primary: true },
  rename: { key: 'rename', labelKey: 'action_rename', icon: EditIcon },
  describe: { key: 'describe', labelKey: 'action_describe', icon: NoteIcon },
  versions: { key: 'versions', labelKey: 'action_versions', icon: RestoreIcon },
  importPhotos: { key: 'importPhotos', labelKey: 'action_import_photos', icon: ImageIcon },
  hide: { key: 'hide', labelKey: 'action_hide', icon: EyeOffIcon },
  trash: { key: 'trash', labelKey: 'action_trash', icon: TrashIcon, danger: true },
};

/**
 * The actions that apply to a selection, in menu order. Download is direct for one file and a zip for
 * several items or folders; rename and description need exactly one item; share covers files and folders alike.
 */
export function actionsFor(items: readonly FileItem[], options: { includeOpen?: boolean; share?: boolean } = {}): FileAction[] {
  if (items.length === 0) return [];
  const single = items.length === 1;
  const keys: FileActionKey[] = [];
  if (options.includeOpen && single) keys.push('open');
  keys.push(downloadsAsZip(items) ? 'zip' : 'download');
  keys.push(items.every((item) => item.favourite) ? 'unfavourite' : 'favourite');
  keys.push('move');
  // Offered when the app lends the share dialog (media slot).
  if (options.share) keys.push('share');
  if (single) keys.push('rename', 'describe');
  // A file's earlier contents (issue 33); folders have none.
  if (single && !items[0]!.folder) keys.push('versions');
  // A Google Photos Takeout archive (issue 34): its photos into the timeline.
  if (single && !items[0]!.folder && isTakeoutArchive(items[0]!.name)) keys.push('importPhotos');
  keys.push('hide', 'trash');
  return keys.map((key) => ACTIONS[key]);
}

/** The archive kinds the Takeout import reads. */
export const isTakeoutArchive = (name: string) => /\.(zip|tgz|tar\.gz)$/i.test(name);

/** Test id of an action in the selection bar (favourite and unfavourite share one). */
export function actionTestId(key: FileActionKey): string {
  return `action-${key === 'unfavourite' ? 'favourite' : key}`;
}
