import { FolderIcon, TrashIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { MenuItem } from '@/lib/menu-item';

// Apart from routes.tsx: the route table is in the entry chunk, the menu (and its icons) only in the signed-in shell.
export const filesMenuItem: MenuItem = { key: 'files', labelKey: 'menu_files', path: paths.files, icon: FolderIcon };
export const trashMenuItem: MenuItem = { key: 'trash', labelKey: 'menu_trash', path: paths.trash, icon: TrashIcon };
