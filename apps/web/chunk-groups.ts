import type { Rollup } from 'vite';

type ManualChunkMeta = Parameters<Rollup.GetManualChunk>[1];

/**
 * Groups the subscriber app's own modules into a few chunks per screen (issue 36): left to itself the bundler makes a
 * chunk for every distinct set of lazy importers, and a signed-in screen then fetched 60+ scripts, most under 3 kB.
 * Groups follow what a load needs, from the module graph, so no load fetches code of a group it does not use:
 *   index        what index.html's entry imports statically (the entry chunk)
 *   signin       what only the sign-in screen needs (beyond the entry)
 *   ui-base      what the sign-in screen needs and signed-in code uses too (buttons, fields, the request code)
 *   store        the Redux store and its boundary, and the route tables both /main and the pages outside it add
 *                (sign-up, links, the share page): every page behind sign-in and sign-up loads both
 *   shell        the signed-in layout and the /main route table, plus what the Photos screen shares with any other
 *                screen (Photos loads the shell anyway, so that costs its budget nothing)
 *   core-<s…>    what the first screens people open (Files, Search) need, by which of them need it: Files loads
 *                core-files and core-files-search, Search core-search and core-files-search, nothing of the others
 *   screen-<f>   what only feature f's other screens need
 *   screens      what other screens of two or more features need
 * Anything reached only through a lazy import inside a screen (dialogs, the viewer, menus) is left to the bundler: it is
 * not part of a first load. Each group's modules import only modules of the same or an earlier group, so chunks never
 * import each other in a circle.
 */

/** The roots, as paths below apps/web/src. */
const LOGIN_ROOTS = ['/src/features/auth/components/login-screen.tsx'];
const STORE_ROOTS = ['/src/app/store.ts', '/src/app/app-store.ts', '/src/app/layout/store-boundary.tsx'];
const SHELL_ROOTS = ['/src/app/layout/main-layout.tsx', '/src/app/main-routes.tsx'];
const OUTER_ROOTS = ['/src/app/outer-routes.tsx'];
/** Route tables whose lazy imports are screens (each feature's routes.tsx; the pages outside /main). */
const ROUTE_TABLES = /\/src\/(?:features\/[^/]+\/routes\.tsx|app\/outer-routes\.tsx)$/;
/** The screens people open first, by family name, besides Photos (which shares the shell). */
const CORE_SCREENS: Record<string, string> = {
  '/src/features/files/components/files-screen.tsx': 'files',
  '/src/features/search/components/search-screen.tsx': 'search',
};
/** The family of a screen module: a core screen's own name, else its feature's (or app layout's), as `f:<name>`. */
const screenFamily = (id: string) =>
  Object.entries(CORE_SCREENS).find(([suffix]) => id.endsWith(suffix))?.[1] ??
  `f:${/\/src\/features\/([^/]+)\//.exec(id)?.[1] ?? /\/src\/app\/layout\/([^/.]+)/.exec(id)?.[1] ?? 'app'}`;
const CORE = new Set(Object.values(CORE_SCREENS));
const PHOTOS = 'f:photos';

type Groups = Map<string, string>;

function staticClosure(roots: Iterable<string>, meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = meta.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

function computeGroups(meta: ManualChunkMeta): Groups {
  const ids = [...meta.getModuleIds()];
  const byRoot = (suffixes: string[]) => ids.filter((id) => suffixes.some((suffix) => id.endsWith(suffix)));
  const entries = ids.filter((id) => meta.getModuleInfo(id)?.isEntry);
  const entry = staticClosure(entries, meta);
  const login = staticClosure(byRoot(LOGIN_ROOTS), meta);
  const store = staticClosure(byRoot(STORE_ROOTS), meta);
  const shell = staticClosure(byRoot(SHELL_ROOTS), meta);
  const outer = staticClosure(byRoot(OUTER_ROOTS), meta);

  // Screens: what the route tables load lazily, by family.
  const families = new Map<string, Set<string>>();
  for (const table of ids.filter((id) => ROUTE_TABLES.test(id))) {
    for (const screen of meta.getModuleInfo(table)?.dynamicallyImportedIds ?? []) {
      if (!screen.includes('/src/')) continue;
      const family = screenFamily(screen);
      const set = families.get(family) ?? new Set<string>();
      for (const id of staticClosure([screen], meta)) set.add(id);
      families.set(family, set);
    }
  }
  const signedIn = new Set<string>([...store, ...shell, ...outer, ...[...families.values()].flatMap((set) => [...set])]);

  const groups: Groups = new Map();
  for (const id of ids) {
    // Imported by vendor code (a shim, a helper of Radix's): it stays with the vendor chunks, which load before the app's.
    if (meta.getModuleInfo(id)?.importers.some((importer) => importer.includes('/node_modules/'))) continue;
    // Named too: Rollup pulls a manual chunk's static dependencies into it unless they are in a manual chunk
    // themselves, so an unnamed entry module would move into the first group that imports it. The chunk holding the
    // entry module stays the entry chunk.
    if (entry.has(id)) {
      groups.set(id, 'index');
      continue;
    }
    if (login.has(id)) {
      groups.set(id, signedIn.has(id) ? 'ui-base' : 'signin');
      continue;
    }
    if (store.has(id) || outer.has(id)) {
      groups.set(id, 'store');
      continue;
    }
    if (shell.has(id)) {
      groups.set(id, 'shell');
      continue;
    }
    const users = [...families].filter(([, set]) => set.has(id)).map(([family]) => family);
    if (users.length === 0) continue;
    const core = users.filter((family) => CORE.has(family)).sort();
    if (users.includes(PHOTOS) && users.length > 1) groups.set(id, 'shell');
    else if (core.length > 0) groups.set(id, `core-${core.join('-')}`);
    else groups.set(id, users.length === 1 ? `screen-${users[0]!.slice(2)}` : 'screens');
  }
  return groups;
}

const cache = new WeakMap<ManualChunkMeta['getModuleInfo'], Groups>();

/** The group of a module of the app (see above), or undefined to leave it to the bundler. */
export function chunkGroup(id: string, meta: ManualChunkMeta): string | undefined {
  let groups = cache.get(meta.getModuleInfo);
  if (!groups) {
    groups = computeGroups(meta);
    cache.set(meta.getModuleInfo, groups);
  }
  return groups.get(id);
}
