import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const filesHandle: ShellHandle = { pageName: 'files', titleKey: 'files:title' };
const trashHandle: ShellHandle = { pageName: 'trash', titleKey: 'files:trash_title' };
// Hidden items are part of Files (the spec lists no page of their own): the side menu keeps Files marked.
const hiddenHandle: ShellHandle = { pageName: 'files', titleKey: 'files:hidden_title' };
// The preview belongs to the files page: opening and closing it keeps the sort order.
const previewHandle: ShellHandle = { pageName: 'files', titleKey: 'files:preview_title' };

/** The files, hidden, trash and preview screens, children of /main. */
export const filesRoutes: RouteObject[] = [
  { path: 'files', handle: filesHandle, lazy: lazyScreen(() => import('./components/files-screen'), (m) => m.FilesScreen) },
  { path: 'hidden', handle: hiddenHandle, lazy: lazyScreen(() => import('./components/hidden-screen'), (m) => m.HiddenScreen) },
  { path: 'trash', handle: trashHandle, lazy: lazyScreen(() => import('./components/trash-screen'), (m) => m.TrashScreen) },
  { path: 'preview', handle: previewHandle, lazy: lazyScreen(() => import('./components/preview-screen'), (m) => m.PreviewScreen) },
];
