/** Every locale namespace: one JSON file per language each (the build and i18n read this list; it imports nothing). */
export const NAMESPACES = ['common', 'auth', 'account', 'notifications', 'settings', 'shell', 'files', 'upload', 'photos', 'albums', 'viewer', 'shares', 'sharedFiles', 'search', 'faq', 'recovery', 'packages', 'invoices', 'family', 'payment', 'discover', 'foryou', 'calendar', 'draw', 'campaigns', 'support', 'webdav', 'contacts', 'office'] as const;
export type Namespace = (typeof NAMESPACES)[number];
// `calendar` is no screen's: month and weekday names and date patterns for runtimes without the language (i18n/dates.ts).

/**
 * Namespaces loaded with the screens that use them, not at start: what loads at start is part of the sign-in page's
 * initial JavaScript, and what the signed-in shell loads part of Photos' (issue 17 and 25 budgets). A screen waits for
 * its own: `useTranslation('<ns>')` in it, or its route's loader (`withNamespaces` in i18n.ts) so that the shell's title
 * reads them too. The build gives each its own chunk.
 */
export const ON_DEMAND_NAMESPACES: readonly Namespace[] = [
  'search',
  'faq',
  'recovery',
  'packages',
  'invoices',
  'family',
  'payment',
  'discover',
  'foryou',
  'support',
  'webdav',
  'contacts',
  'settings',
  'shares',
  'sharedFiles',
  'draw',
  'office',
];

/**
 * What the signed-out screens (sign-in, landing, errors) read: the only strings loaded at start. The signed-in shell
 * and sign-up load the rest (but the on-demand ones) before they render (`loadAllNamespaces`), so sign-in's first
 * paint skips them.
 */
export const BOOT_NAMESPACES = ['common', 'auth'] as const satisfies readonly Namespace[];

/**
 * The operator console's strings (issue 27): not the subscriber app's (NAMESPACES), so none of its loaders, bundles or
 * lists know them; the console's own build (ops.html, `vite build --mode ops`) loads them with `common`.
 */
export const CONSOLE_NAMESPACES = ['ops', 'opsDraw', 'ops_campaigns', 'ops_support'] as const;
export type ConsoleNamespace = (typeof CONSOLE_NAMESPACES)[number];
