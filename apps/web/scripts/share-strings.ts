import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { NATIVE_LANGUAGE_NAMES, RTL_LANGUAGES, SUPPORTED_LANGUAGES } from '../src/i18n/languages';

/** What the server renders the link visitor's page with: every sharedFiles string, and these of other namespaces. */
const WHOLE_NAMESPACES = ['sharedFiles'] as const;
const PICKED_KEYS = /^(?:files:(?:breadcrumb|column_size|column_date|kind_[a-z]+)|common:(?:language|network_error))$/;

const locales = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));

/** The strings file's shape (apps/server/src/modules/public-links/public-links.page.ts reads it). */
export interface ShareStringsFile {
  languages: Record<string, string>;
  rtl: string[];
  /** Per language, "namespace:key" → text, from the same locale files the app loads. */
  strings: Record<string, Record<string, string>>;
}

export function buildShareStrings(): ShareStringsFile {
  const strings: ShareStringsFile['strings'] = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const flat: Record<string, string> = {};
    for (const file of fs.readdirSync(path.join(locales, language))) {
      const namespace = file.replace(/\.json$/, '');
      const json = JSON.parse(fs.readFileSync(path.join(locales, language, file), 'utf8')) as Record<string, unknown>;
      for (const [key, value] of Object.entries(json)) {
        const name = `${namespace}:${key}`;
        if (typeof value !== 'string') continue;
        if ((WHOLE_NAMESPACES as readonly string[]).includes(namespace) || PICKED_KEYS.test(name)) flat[name] = value;
      }
    }
    strings[language] = flat;
  }
  return { languages: { ...NATIVE_LANGUAGE_NAMES }, rtl: [...RTL_LANGUAGES], strings };
}

/**
 * The visitor page's build (`--mode share`) writes share-strings.json beside share.html: the server renders the page
 * in the visitor's language from it, and a deployment ships only dist/ (deploy/Dockerfile), not the locale sources.
 */
export function shareStrings(): Plugin {
  return {
    name: 'bulut-share-strings',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'share-strings.json', source: JSON.stringify(buildShareStrings()) });
    },
  };
}
