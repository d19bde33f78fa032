import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage } from '@/i18n/i18n';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '@/i18n/languages';
import { numberFormatter } from '@/i18n/number-formatter';
import { readStorage, storageKeys } from '@/lib/storage-keys';

/** What the console reads: the shared UI's strings (dialogs, code boxes, language names) and its own. */
const CONSOLE_I18N_NAMESPACES = ['common', 'ops', 'opsDraw', 'ops_campaigns', 'ops_support'] as const;

// One chunk per language and namespace, in the console's own build only.
const locales = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/{common,ops,opsDraw,ops_campaigns,ops_support}.json');

/** Loads a language's file; English stands in when it is missing or fails (every locale carries every key). */
const consoleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = (lang: string) => {
      const loader = locales[`../i18n/locales/${lang}/${namespace}.json`];
      return loader ? loader().then((m) => m.default) : Promise.reject(new Error(`no locale file for ${lang}/${namespace}`));
    };
    load(language)
      .catch((error: unknown) => {
        if (language === FALLBACK_LANGUAGE) throw error;
        console.error(`[i18n] ${language}/${namespace} unavailable, using English`, error);
        return load(FALLBACK_LANGUAGE);
      })
      .then(
        (strings) => callback(null, strings),
        () => callback(null, {}),
      );
  },
};

/**
 * Initialises the i18next instance the shared UI reads (the same module as the subscriber app's, never its loaders):
 * the stored language or Turkish, English as the fallback, Arabic right to left (i18n.ts applies <html lang dir>).
 */
export async function initConsoleI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n
    .use(consoleBackend)
    .use(numberFormatter)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(readStorage(storageKeys.language), window.location.pathname, navigator.languages ?? [navigator.language]),
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      ns: [...CONSOLE_I18N_NAMESPACES],
      defaultNS: [...CONSOLE_I18N_NAMESPACES],
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
}
