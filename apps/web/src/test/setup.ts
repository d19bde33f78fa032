import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { initI18nWithResources } from '@/i18n/i18n';
import { PATIENT } from './patient';

// The test files of a worker share one jsdom window (isolate: false in vite.config.ts); this file runs again before
// each of them, so each starts from the blank page a fresh window would give it (vitest's jsdom URL is
// http://localhost:3000/): what an earlier file left in <html>, <head>, <body>, the address, cookies or storage is gone.
for (const element of [document.documentElement, document.head, document.body]) {
  for (const { name } of [...element.attributes]) element.removeAttribute(name);
}
document.head.replaceChildren();
document.body.replaceChildren();
document.title = '';
window.history.replaceState(null, '', '/');
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
localStorage.clear();
sessionStorage.clear();
// userEvent.setup() puts a clipboard stub on navigator (jsdom has none) and leaves it there.
Reflect.deleteProperty(navigator, 'clipboard');

const english = import.meta.glob<Record<string, unknown>>('../i18n/locales/en/*.json', { eager: true, import: 'default' });
const namespaces = Object.fromEntries(
  Object.entries(english).map(([path, data]) => [/([A-Za-z_-]+)\.json$/.exec(path)![1]!, data]),
);

await initI18nWithResources('en', { en: namespaces });

// Screens load lazily (as in the app); on a busy machine the first import of a chunk can pass 1 s, and with
// several test runs sharing two cores it passed 4 s: a waiting helper's limit, not a timing assertion.
configure({ asyncUtilTimeout: PATIENT.timeout });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

// The next file gets fresh copies of our modules and of the inlined libraries (vite.config.ts), as in a new worker:
// no store, session, cache or i18next state of this file reaches it. Libraries loaded by Node (React, jsdom, Testing
// Library) stay loaded: that is the saving.
afterAll(() => {
  vi.resetModules();
});
