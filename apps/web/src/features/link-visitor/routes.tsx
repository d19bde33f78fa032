import type { RouteObject } from 'react-router';
import { embeddedAuthRoutes } from '@/features/auth/embedded-auth-routes.public';
import type { ShellHandle } from '@/lib/route-handle';
import { withNamespaces } from '@/i18n/i18n';
import { lazyScreen } from '@/lib/lazy-route';
import { sharedFilesPath, TOKEN_PARAM } from './share-token';

/** Every /sharedFiles page is the shared-files page for the header rules; children name their own title. */
export const sharedFilesHandle: ShellHandle = { pageName: 'sharedFiles', titleKey: 'sharedFiles:title' };

/** The children of /sharedFiles (spec 000 §2): the link's page, its preview, sign-in and sign-up, and the rest. */
export const sharedFilesRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(() => import('./components/shared-files-screen'), (m) => m.SharedFilesScreen) },
  {
    path: 'preview',
    handle: { ...sharedFilesHandle, titleKey: 'sharedFiles:preview_title' } satisfies ShellHandle,
    lazy: lazyScreen(() => import('./components/shared-preview-screen'), (m) => m.SharedPreviewScreen),
  },
  // The light visitor page's "Save to Bulut" (issue 36): the app takes over from here.
  { path: 'save', lazy: lazyScreen(() => import('./components/save-handoff'), (m) => m.SaveHandoff) },
  {
    lazy: lazyScreen(() => import('./components/shared-auth-frame'), (m) => m.SharedAuthFrame),
    // Signing in or up (and recovery, Google, Apple, invitations) comes back to the link, which finishes a save that was waiting.
    children: embeddedAuthRoutes((url) => sharedFilesPath(url.searchParams.get(TOKEN_PARAM))),
  },
];

/**
 * What the /sharedFiles layout loads with its module (the app adds the path): the link pages' strings, on demand (not
 * part of the signed-in shell's), so the layout's header and every page below it read them.
 */
export const withSharedFilesStrings = <M,>(load: () => Promise<M>) => withNamespaces(['sharedFiles'], load);

/** The shared-content viewer's screen (/viewer/file/{uuid} and /viewer/file/{uuid}/{projectId}); the app adds the paths. */
export const loadSharedContentViewer = withSharedFilesStrings(() => import('./components/shared-content-viewer'));

/** Where the shared-content viewer shows an item: the projectId form when the current file tab id is 3 (spec). */
export function sharedContentViewerPath(uuid: string, projectId: string | null, fileTabId: number): string {
  const base = `/viewer/file/${encodeURIComponent(uuid)}`;
  return fileTabId === 3 && projectId ? `${base}/${encodeURIComponent(projectId)}` : base;
}
