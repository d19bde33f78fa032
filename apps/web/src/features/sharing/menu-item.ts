import { ShareIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { MenuItem } from '@/lib/menu-item';

// Apart from routes.tsx: the route table is in the entry chunk, the menu (and its icons) only in the signed-in shell.
// Its path has no ?tab=, so it opens the public links tab (PublicShare, spec 000 §2).
export const sharesMenuItem: MenuItem = { key: 'shares', labelKey: 'menu_shares', path: paths.shares, icon: ShareIcon };
