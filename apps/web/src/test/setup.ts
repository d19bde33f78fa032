import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18nWithResources } from '@/i18n/i18n';

const english = import.meta.glob<Record<string, unknown>>('../i18n/locales/en/*.json', { eager: true, import: 'default' });
const namespaces = Object.fromEntries(
  Object.entries(english).map(([path, data]) => [/([A-Za-z_-]+)\.json$/.exec(path)![1]!, data]),
);

await initI18nWithResources('en', { en: namespaces });

// Screens load lazily (as in the app); on a busy machine the first import of a chunk can pass 1 s, and with
// several test runs sharing two cores it passed 4 s: a waiting helper's limit, not a timing assertion.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
