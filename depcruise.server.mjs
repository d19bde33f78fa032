import path from 'node:path';

// Import boundaries of the server: shared and infra below the modules, modules meet only through public entries.
// Run from apps/server (`depcruise src`), like the web rules.
const src = '^src/';
const testFiles = ['\\.test\\.ts$', '\\.fixtures\\.ts$', `${src}test/`];

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
      name: 'no-cycles-between-modules',
      comment: 'Two modules that need each other are one module: a shared piece moves down or one side calls the other.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${src}modules/[^/]+$` },
      to: { path: `${src}modules/[^/]+$`, circular: true },
    },
    {
      name: 'module-to-module-only-through-public-entry',
      comment: 'modules/X reaches modules/Y only through modules/Y/Y.public.ts or a focused modules/Y/Y.<concern>.public.ts.',
      severity: 'error',
      from: { path: `${src}modules/([^/]+)/` },
      to: { path: `${src}modules/`, pathNot: [`${src}modules/$1/`, `${src}modules/([^/]+)/\\1(\\.[a-z][a-z0-9-]*|)\\.public\\.ts$`] },
    },
    {
      name: 'shared-and-infra-never-import-modules',
      comment: 'shared/ and infra/ serve every module, so they may know none of them.',
      severity: 'error',
      from: { path: `${src}(shared|infra)/` },
      to: { path: `${src}modules/` },
    },
    {
      name: 'migrations-import-nothing-from-the-app',
      comment: 'A migration is frozen in time: app code it imported would change under it.',
      severity: 'error',
      from: { path: `${src}db/migrations/` },
      to: { path: src, pathNot: `${src}db/migrations/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and fixtures may reach into any module to set up a scene: they are not part of the graph.
    exclude: { path: ['node_modules', '\\.d\\.ts$', ...testFiles] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(import.meta.dirname, 'apps/server/tsconfig.json') },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js'] },
  },
};
