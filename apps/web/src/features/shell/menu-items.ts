import type { ParseKeys } from 'i18next';
import type { ComponentType, SVGProps } from 'react';
import {
  CompassIcon,
  ContactsIcon,
  FolderIcon,
  PhotosIcon,
  ShareIcon,
  SparkleIcon,
  TrashIcon,
} from '@/components/ui/icons';
import { isPathBuilt, paths } from '@/config/paths';
import type { Tab } from '@/state/ui-slice';

export interface MenuItem {
  key: string;
  labelKey: ParseKeys<'shell'>;
  path: string;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Tab selected when the item is chosen (Shares opens the PublicShare tab). */
  fileTab?: Tab;
  /** False until the screen exists in this build; unbuilt items are not rendered. */
  built: boolean;
}

const item = (entry: Omit<MenuItem, 'built'>): MenuItem => ({ ...entry, built: isPathBuilt(entry.path) });

/**
 * The side menu of spec 000 §2, in order. None of these screens exists yet (they arrive with the
 * photos, files, contacts and sharing issues), so today the menu renders no items.
 */
export const MENU_ITEMS: readonly MenuItem[] = [
  item({ key: 'photos', labelKey: 'menu_photos', path: paths.photos, icon: PhotosIcon }),
  item({ key: 'foryou', labelKey: 'menu_foryou', path: paths.forYou, icon: SparkleIcon }),
  item({ key: 'contacts', labelKey: 'menu_contacts', path: paths.contacts, icon: ContactsIcon }),
  item({ key: 'files', labelKey: 'menu_files', path: paths.files, icon: FolderIcon }),
  item({ key: 'discover', labelKey: 'menu_discover', path: paths.discover, icon: CompassIcon }),
  item({ key: 'shares', labelKey: 'menu_shares', path: paths.shares, icon: ShareIcon, fileTab: { name: 'PublicShare', id: 2 } }),
  item({ key: 'trash', labelKey: 'menu_trash', path: paths.trash, icon: TrashIcon }),
];

export function builtMenuItems(items: readonly MenuItem[] = MENU_ITEMS): MenuItem[] {
  return items.filter((entry) => entry.built);
}
