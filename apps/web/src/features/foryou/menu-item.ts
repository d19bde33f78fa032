import { SparkleIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { MenuItem } from '@/lib/menu-item';

// Apart from routes.tsx: the route table is in the entry chunk, the menu (and its icons) only in the signed-in shell.
export const foryouMenuItem: MenuItem = {
  key: 'foryou',
  labelKey: 'menu_foryou',
  path: paths.forYou,
  icon: SparkleIcon,
};
