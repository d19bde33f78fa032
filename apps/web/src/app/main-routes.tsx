import type { RouteObject } from 'react-router';
import { albumsRoutes } from '@/features/albums/routes';
import { signedInAuthRoutes } from '@/features/auth/routes';
import { discoverRoutes } from '@/features/discover/routes';
import { familyRoutes } from '@/features/family/routes';
import { filesRoutes } from '@/features/files/routes';
import { foryouRoutes } from '@/features/foryou/routes';
import { campaignsRoutes } from '@/features/campaigns/routes';
import { contactsRoutes } from '@/features/contacts/routes';
import { notificationsRoutes } from '@/features/notifications/routes';
import { paymentRoutes } from '@/features/payment/routes';
import { packagesRoutes } from '@/features/packages/routes';
import { photosRoutes } from '@/features/photos/routes';
import { searchRoutes } from '@/features/search/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { sharesRoutes } from '@/features/sharing/routes';
import { notFoundRoute } from '@/features/shell/routes';

/** The signed-in screens, photos first; each feature declares its own routes in its routes.tsx. */
const MAIN_ROUTES: readonly RouteObject[][] = [
  photosRoutes,
  albumsRoutes,
  filesRoutes,
  sharesRoutes,
  notificationsRoutes,
  settingsRoutes,
  searchRoutes,
  signedInAuthRoutes,
  paymentRoutes,
  packagesRoutes,
  familyRoutes,
  discoverRoutes,
  foryouRoutes,
  campaignsRoutes,
  contactsRoutes,
];

/**
 * The children of /main after its index: loaded (app/router.tsx `patchAppRoutes`) when a path below /main is first
 * visited, so the sign-in page's entry chunk does not carry every signed-in feature's route table (issue 17 budget).
 */
export function mainRoutes(): RouteObject[] {
  return [...MAIN_ROUTES.flat(), notFoundRoute];
}
