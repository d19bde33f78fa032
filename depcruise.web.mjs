import path from 'node:path';

// Import boundaries of the web app: shared layers → features → app, no cycles.
// Run from apps/web (`depcruise src`): the tsconfig's @/ alias resolves against the working directory.
const src = '^src/';
// A feature's declared public entry files: its route table, its server client, and files named *.public.ts(x).
const publicEntry = `${src}features/[^/]+/(routes\\.tsx|api\\.ts|[^/]+\\.public\\.tsx?)$`;
// Layers below the features: they serve every feature and so may know none of them.
const shared = `${src}(components|hooks|lib|api|i18n|config|state|media|styles|assets)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle ties modules into one unit that cannot be loaded, tested or split apart.',
      severity: 'error',
      from: { path: src },
      // Type-only edges vanish at build time (app/hooks types the store that lists every slice).
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'feature-to-feature-only-through-public-entries',
      comment: 'A feature reaches another only through its declared public entry files; shared pieces move down.',
      severity: 'error',
      from: { path: `${src}features/([^/]+)/` },
      to: { path: `${src}features/`, pathNot: [`${src}features/$1/`, publicEntry] },
    },
    {
      name: 'shared-layers-never-import-features',
      comment:
        'components, hooks, lib, api, i18n, config, state and the media layer sit below the features. The one exception, ' +
        "the features' server clients (api.ts), moves into api/ with the client generated from openapi.json.",
      severity: 'error',
      from: { path: shared },
      to: { path: `${src}features/`, pathNot: `${src}features/[^/]+/api\\.ts$` },
    },
    {
      name: 'only-app-imports-app',
      comment: 'app/ assembles everything; below it only the typed store hooks (app/hooks) may be used.',
      severity: 'error',
      from: { path: src, pathNot: [`${src}app/`, `${src}main\\.tsx$`] },
      // Types of the store are fine: they vanish at build time.
      to: { path: `${src}app/`, pathNot: `${src}app/hooks\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests compose the whole app (a store, the routes) to drive a screen: they are not part of the graph.
    exclude: { path: ['node_modules', '\\.d\\.ts$', '\\.test\\.tsx?$', `${src}test/`] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(import.meta.dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.css'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
