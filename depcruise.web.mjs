import path from 'node:path';

// Import boundaries of the web app: shared layers → features → app, no cycles.
// Run from apps/web (`depcruise src`): the tsconfig's @/ alias resolves against the working directory.
const src = '^src/';
// A feature's public entries: files named *.public.ts(x). Its api.ts, routes.tsx and everything else are its own.
const publicEntry = `${src}features/[^/]+/[^/]+\\.public\\.tsx?$`;
// Layers below the features: they serve every feature and so may know none of them.
const shared = `${src}(components|hooks|lib|api|i18n|config|state|media|styles|assets)/`;

// Every rule counts every kind of import, type-only ones included: a type import is an arrow of the house too.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle ties modules into one unit that cannot be loaded, tested or split apart.',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'app-is-the-top-floor',
      comment:
        'app/ (router, store, layout, menu, media slots) assembles the features; nothing below it imports it. ' +
        'The store\'s types and typed hooks live in state/.',
      severity: 'error',
      from: { path: src, pathNot: [`${src}app/`, `${src}main\\.tsx$`] },
      to: { path: [`${src}app/`, `${src}main\\.tsx$`] },
    },
    {
      name: 'feature-to-feature-only-through-public-entries',
      comment:
        'A feature reaches another only through its *.public.ts(x) entries (its api.ts and routes.tsx are its own); ' +
        'what several features need moves down to a shared layer (endpoints to api/, media UI to media/).',
      severity: 'error',
      from: { path: `${src}features/([^/]+)/` },
      to: { path: `${src}features/`, pathNot: [`${src}features/$1/`, publicEntry] },
    },
    {
      name: 'shared-layers-never-import-features',
      comment: 'components, hooks, lib, api, i18n, config, state, media, styles and assets sit below the features.',
      severity: 'error',
      from: { path: shared },
      to: { path: `${src}features/` },
    },
    {
      name: 'subscriber-app-never-imports-the-console',
      comment:
        'The operator console (src/ops, its own entry ops.html) is not part of the subscriber bundles: nothing outside ' +
        'src/ops imports it.',
      severity: 'error',
      from: { path: src, pathNot: `${src}ops/` },
      to: { path: `${src}ops/` },
    },
    {
      name: 'console-uses-only-the-shared-layers',
      comment:
        'The console may use components/ui, i18n, lib, hooks, config and the style tokens, never the subscriber app: ' +
        'its features, app/ (already forbidden above), api/ (the subscriber session and generated client), state/ or media/.',
      severity: 'error',
      from: { path: `${src}ops/` },
      // Except the generated client's type declarations (no code): the console's shapes come from the same OpenAPI.
      to: {
        path: [`${src}features/`, `${src}api/`, `${src}state/`, `${src}media/`, `${src}components/captcha/`],
        pathNot: `${src}api/generated/types-only\\.ts$`,
      },
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
