import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { BOOT_NAMESPACES, CONSOLE_NAMESPACES, ON_DEMAND_NAMESPACES } from './src/i18n/namespaces';
import { shareStrings } from './scripts/share-strings';
import { chunkGroup } from './chunk-groups';

/**
 * Writes `.br` and `.gz` twins beside every text file of the build, at the strongest settings since it happens once;
 * the server sends the one the browser accepts (apps/server/src/infra/http/web-app.ts, same list of types).
 */
function precompress(onlyOwnFiles: boolean): Plugin {
  const text = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  let outDir = 'dist';
  let written: string[] = [];
  return {
    name: 'bulut-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      written = Object.keys(bundle).map((name) => path.join(outDir, name));
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      // The console's build writes into the app's dist: it compresses only what it wrote.
      for (const file of (onlyOwnFiles ? written : walk(outDir)).filter((f) => text.test(f))) {
        const raw = fs.readFileSync(file);
        // Below a packet's worth the saving is nothing and the twins are just more files.
        if (raw.length < 1024) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The head every page shares (index.html, ops.html, support-chat.html), written once: each page keeps only its own
 * lines (its script; the app its description). The console and the chat page are kept out of search engines. Vite
 * puts these tags first in <head> (<body> is implied), at build and in the dev server.
 */
function sharedHead(): Plugin {
  return {
    name: 'bulut-shared-head',
    transformIndexHtml: {
      order: 'pre',
      handler: (_html, { path: page }) => [
        { tag: 'meta', attrs: { charset: 'UTF-8' }, injectTo: 'head-prepend' },
        { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' }, injectTo: 'head-prepend' },
        { tag: 'meta', attrs: { name: 'theme-color', content: '#0a7cff' }, injectTo: 'head-prepend' },
        ...(page === '/index.html' ? [] : [{ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' }, injectTo: 'head-prepend' as const }]),
        { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }, injectTo: 'head-prepend' },
        { tag: 'title', children: 'Bulut', injectTo: 'head-prepend' },
      ],
    },
  };
}

/**
 * The pages built apart from the subscriber app, by mode: the console, the support chat page that the chat dialog
 * frames (issue 29; served at /support-chat, its own small bundle) and the link visitor's light page (issue 36: the
 * server fills share.html with the link's items; src/share/ enhances it).
 */
const ENTRIES: Record<string, string> = { ops: './ops.html', 'support-chat': './support-chat.html', share: './share.html' };

/**
 * Two builds into one dist: the subscriber app (index.html, the default) and, with `--mode ops`, the operator console
 * (ops.html → src/ops/main.tsx, issue 27). Separate builds, so the console never changes a byte or a chunk boundary of
 * the subscriber bundles (bench/initial-js.mjs budgets); the console has its own copies of the vendor chunks. The dev
 * server serves both pages.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), sharedHead(), precompress(Boolean(ENTRIES[mode])), mode === 'share' ? shareStrings() : null],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has the hook the shim stands in for (src/lib/use-sync-external-store-shim.ts).
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  // The app's build copies public/; the console's adds its page and chunks beside it.
  publicDir: ENTRIES[mode] ? false : 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: !ENTRIES[mode],
    // The server's CSP allows only 'self' for images: never inline assets as data: URIs.
    assetsInlineLimit: 0,
    rollupOptions: {
      input: fileURLToPath(new URL(ENTRIES[mode] ?? './index.html', import.meta.url)),
      output: {
        manualChunks(id, meta) {
          // Per language: what sign-in reads (BOOT_NAMESPACES in src/i18n/namespaces.ts), the rest the signed-in shell
          // and sign-up load, and a chunk of its own for each namespace loaded on demand (search).
          // A language's bundle modules (src/i18n/bundles/<lang>-boot.ts, <lang>-app.ts) join its strings' chunks.
          const bundle = /\/src\/i18n\/bundles\/([a-z]{2})-(boot|app)\.ts$/.exec(id);
          if (bundle) return bundle[2] === 'boot' ? `locale-${bundle[1]}` : `locale-${bundle[1]}-app`;
          const locale = /\/src\/i18n\/locales\/([a-z]{2})\/([a-z_-]+)\.json/i.exec(id);
          if (locale) {
            const [, lang, ns] = locale as unknown as [string, string, string];
            if ((ON_DEMAND_NAMESPACES as readonly string[]).includes(ns) || (CONSOLE_NAMESPACES as readonly string[]).includes(ns)) return `locale-${lang}-${ns}`;
            return (BOOT_NAMESPACES as readonly string[]).includes(ns) ? `locale-${lang}` : `locale-${lang}-app`;
          }
          // The app's own modules (and vendor code no rule below names): a few chunks per screen (chunk-groups.ts).
          // The console's and the chat page's builds keep the bundler's own split.
          const grouped = () => (ENTRIES[mode] ? undefined : chunkGroup(id, meta));
          // Long-lived vendor chunks: they change far less often than the app.
          const vendor = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
          if (!vendor) return grouped();
          if (['react', 'react-dom', 'scheduler'].includes(vendor)) return 'vendor-react';
          if (vendor === 'react-router') return 'vendor-router';
          // The app's store chunk (chunk-groups.ts) is never loaded without Redux, nor Redux without it: one file.
          if (['@reduxjs/toolkit', 'react-redux', 'redux', 'redux-thunk', 'immer', 'reselect'].includes(vendor)) return ENTRIES[mode] ? 'vendor-state' : 'store';
          // <Trans> and its HTML parser serve the sign-up and signed-in screens, not sign-in (issue 17).
          if (/\/react-i18next\/dist\/es\/Trans(?:WithoutContext)?\.js$/.test(id) || ['html-parse-stringify', 'void-elements'].includes(vendor)) return 'vendor-i18n-trans';
          if (['i18next', 'react-i18next'].includes(vendor)) return 'vendor-i18n';
          // The dropdown menu and its positioning: the header's menus fetch it when first opened
          // (components/ui/dropdown-menu.tsx), so it is not part of the dialogs' chunk that screens load at once.
          if (/^(?:@radix-ui\/react-(?:dropdown-menu|menu|popper|roving-focus|arrow|use-size|use-rect|direction)|@radix-ui\/rect|@floating-ui\/)/.test(vendor)) return 'vendor-menu';
          // Shared by the menu and the toast, both loaded on demand: let the bundler place it.
          if (vendor === '@radix-ui/react-collection') return undefined;
          // Dialogs: only screens behind sign-in (and sign-up's dialogs) use them. Not the toast, which
          // loads with the first toast (app/layout/store-boundary.tsx).
          if (vendor !== '@radix-ui/react-toast' && /^(?:@radix-ui\/|@floating-ui\/|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|tslib$)/.test(vendor)) return 'vendor-ui';
          return grouped();
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A worker runs its test files one after another in one jsdom window and one Node module cache (issue 28: a fresh
    // worker per file loaded jsdom, React and every library again for each of ~100 files, most of the suite's CPU).
    // What a fresh worker gave each file, src/test/setup.ts gives back: a blank document, URL, cookies and storage,
    // and a fresh copy of every module of ours (the module registry is reset after each file).
    isolate: false,
    // Cheaper than child processes for the many module fetches each file makes from the main process.
    pool: 'threads',
    // Module-level state of libraries that the registry reset must renew too: i18next keeps the instance (resources
    // added, language, listeners) and react-i18next the instance it hands to useTranslation.
    server: { deps: { inline: ['i18next', 'react-i18next'] } },
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole screens render in jsdom; beside the server suite (npm test runs both at once) 5 s is too tight on 2 cores,
    // and at the lowest CPU share of `npm test` (nice 6) 20 s was too tight in a clean-clone run at load 17–21.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One clean-clone CI run failed in this suite while the server suite shared the two cores, and the log kept no
    // name (both pass when run again). A retried test is listed as such by the reporter, so a real flake stays visible.
    retry: 1,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
