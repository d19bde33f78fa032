import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import { paths } from '@/config/paths';
import { withNamespaces } from '@/i18n/i18n';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const settingsHandle: ShellHandle = { pageName: 'settings', titleKey: 'settings:title' };

// Every settings page loads its strings with its module (on demand: not part of the signed-in shell's).
const settingsScreen = withNamespaces(['settings'], () => import('./components/settings-screen'));

export const settingsRoutes: RouteObject[] = [{ path: 'settings', handle: settingsHandle, lazy: lazyScreen(settingsScreen, (m) => m.SettingsScreen) }];

const verify = withNamespaces(['settings'], () => import('./components/verify-screen'));
const update = withNamespaces(['settings'], () => import('./components/update-screens'));

/**
 * The account pages outside /main (spec §2): the e-mailed verification links (signed in or not) and the updates a
 * signed-in account is sent to. `requireSession` is the app's own guard. /update/msisdn exists only with the local
 * flag msis_c; without it the path is unknown and goes where unknown paths go.
 */
export function accountPageRoutes(requireSession: LoaderFunction): RouteObject[] {
  const requireMsisdnFlag: LoaderFunction = (args) => {
    if (!readStorage(storageKeys.msisdnUpdate)) return redirect(paths.landing);
    return requireSession(args);
  };
  return [
    { path: 'verify/email', lazy: lazyScreen(verify, (m) => m.VerifyEmailScreen) },
    { path: 'verify/recovery-email', lazy: lazyScreen(verify, (m) => m.VerifyRecoveryEmailScreen) },
    { path: 'update/eula', loader: requireSession, lazy: lazyScreen(update, (m) => m.UpdateEulaScreen) },
    { path: 'update/email', loader: requireSession, lazy: lazyScreen(update, (m) => m.UpdateEmailScreen) },
    { path: 'update/msisdn', loader: requireMsisdnFlag, lazy: lazyScreen(update, (m) => m.UpdateMsisdnScreen) },
  ];
}
