/**
 * Loaders of the on-demand namespaces (ON_DEMAND_NAMESPACES), in a module of their own that is imported only when
 * one of them is first needed: eleven loader entries per namespace would otherwise sit in the sign-in page's initial
 * JavaScript (issue 17 budget). The glob must be literal; `locales.test.ts` checks it names exactly ON_DEMAND_NAMESPACES.
 */
export const onDemandLocaleLoaders = import.meta.glob<{ default: Record<string, unknown> }>(
  './locales/*/{search,faq,recovery,packages,payment,invoices,family,discover,foryou,support,webdav,contacts,settings,shares,sharedFiles,draw,office}.json',
);
