import { CompassIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { MenuItem } from '@/lib/menu-item';

// Apart from routes.tsx: the route table is in the entry chunk, the menu (and its icons) only in the signed-in shell.
export const discoverMenuItem: MenuItem = {
  key: 'discover',
  labelKey: 'menu_discover',
  path: paths.discover,
  icon: CompassIcon,
};
