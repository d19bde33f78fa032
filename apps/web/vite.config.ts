import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP allows only 'self' for images: never inline assets as data: URIs.
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        manualChunks(id) {
          // One chunk per language instead of one per namespace file.
          const locale = /\/src\/i18n\/locales\/([a-z]{2})\//.exec(id);
          if (locale) return `locale-${locale[1]}`;
          // Long-lived vendor chunks: they change far less often than the app.
          const vendor = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
          if (!vendor) return undefined;
          if (['react', 'react-dom', 'scheduler'].includes(vendor)) return 'vendor-react';
          if (vendor === 'react-router') return 'vendor-router';
          if (['@reduxjs/toolkit', 'react-redux', 'redux', 'redux-thunk', 'immer', 'reselect'].includes(vendor)) return 'vendor-state';
          if (['i18next', 'react-i18next'].includes(vendor)) return 'vendor-i18n';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole screens render in jsdom; beside the server suite (npm test runs both at once) 5 s is too tight on 2 cores.
    testTimeout: 20_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
