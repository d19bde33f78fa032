import { isPathBuilt } from '@/config/paths';
import { contactsMenuItem } from '@/features/contacts/menu-item';
import { discoverMenuItem } from '@/features/discover/menu-item';
import { filesMenuItem, trashMenuItem } from '@/features/files/menu-item';
import { foryouMenuItem } from '@/features/foryou/menu-item';
import { photosMenuItem } from '@/features/photos/menu-item';
import { sharesMenuItem } from '@/features/sharing/menu-item';
import type { MenuItem } from '@/lib/menu-item';

/**
 * The side menu, in this order (Photos, For you, Contacts, Files, Discover, Shares, Trash); each
 * feature declares its own entry in its menu-item.ts, and sections without a screen yet add theirs when they arrive.
 */
export const MENU_ITEMS: readonly MenuItem[] = [photosMenuItem, foryouMenuItem, contactsMenuItem, filesMenuItem, discoverMenuItem, sharesMenuItem, trashMenuItem];

/** The entries whose screen exists in this build. */
export function builtMenuItems(items: readonly MenuItem[] = MENU_ITEMS): MenuItem[] {
  return items.filter((entry) => isPathBuilt(entry.path));
}
