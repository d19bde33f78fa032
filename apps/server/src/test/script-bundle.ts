import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';

// Child processes of the crash, restart and topology tests run a server script as one bundled ES module under plain
// node instead of under tsx: tsx resolves and loads the app's hundreds of modules through its loader hooks on every
// start (about 3-4 CPU-s a start, two thirds of it), and those tests start servers dozens of times a run. The bundle
// is built once per test process and script, by the same compiler tsx runs (esbuild), from the same sources.

const serverDir = path.resolve(import.meta.dirname, '../..');
// Resolved from tsx, whose compiler it is: nothing tsx does not already bring is needed.
const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/esm'))('esbuild') as typeof Esbuild;
// Inside the server's folder, so the bundle's package imports resolve as the sources' do; `.tmp/` is ignored by git.
const root = path.join(serverDir, '.tmp', 'test-bundles', String(process.pid));
const built = new Map<string, Promise<string>>();
let bundles = 0;

/**
 * Keeps each source file's own location in the bundle: the app finds its assets, the web build and packages relative
 * to `import.meta.url` / `import.meta.dirname`, which bundling would otherwise point at the bundle.
 */
const keepModuleLocation: Esbuild.Plugin = {
  name: 'keep-module-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
        .replaceAll('import.meta.filename', JSON.stringify(file));
      return { contents, loader: 'ts' };
    });
  },
};

/** Removes the bundles of test processes that are gone: a worker ended by a signal never ran its exit handler. */
function removeOrphans(): void {
  const parent = path.dirname(root);
  const entries = fs.existsSync(parent) ? fs.readdirSync(parent) : [];
  for (const pid of entries) {
    try {
      process.kill(Number(pid), 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') fs.rmSync(path.join(parent, pid), { recursive: true, force: true });
    }
  }
}

async function build(script: string): Promise<string> {
  const name = path.basename(script).replace(/\.ts$/, '');
  if (bundles === 0) {
    removeOrphans();
    process.once('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  }
  const outdir = path.join(root, `${bundles++}-${name}`);
  await esbuild.build({
    absWorkingDir: serverDir,
    entryPoints: { [name]: path.resolve(serverDir, script) },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Dynamic imports stay separate chunks, loaded when the script asks: main.ts starts tracing before the app (and
    // pg, http) load, as under tsx.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'silent',
    plugins: [keepModuleLocation],
  });
  return path.join(outdir, `${name}.mjs`);
}

/** The path of a runnable bundle of `script` (a TypeScript path below apps/server), built on first use. */
export function bundledScript(script: string): Promise<string> {
  let entry = built.get(script);
  if (!entry) {
    entry = build(script);
    built.set(script, entry);
  }
  return entry;
}
