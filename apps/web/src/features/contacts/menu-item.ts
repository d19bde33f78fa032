import { ContactsIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { MenuItem } from '@/lib/menu-item';

export const contactsMenuItem: MenuItem = {
  key: 'contacts',
  labelKey: 'menu_contacts',
  path: paths.contacts,
  icon: ContactsIcon,
};
