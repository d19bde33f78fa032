import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import {
  browserLanguage,
  FALLBACK_LANGUAGE,
  VISITOR_PATH_PREFIXES,
  isInvitedSignup,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  languageDirection,
  resolveLanguage,
  type Language,
  writeLanguageCookie,
} from './languages';
import { numberFormatter } from './number-formatter';
import { BOOT_NAMESPACES, NAMESPACES, ON_DEMAND_NAMESPACES, type Namespace } from './namespaces';

export { BOOT_NAMESPACES, NAMESPACES, type Namespace };

/** Every namespace but those a screen loads on demand (search). */
const START_NAMESPACES = NAMESPACES.filter((namespace) => !ON_DEMAND_NAMESPACES.includes(namespace));

type LocaleModule = { default: Record<string, unknown> };
type LocaleBundle = Record<string, Record<string, unknown>>;
// Per language, one loader for sign-in's strings and one for the rest (bundles/<lang>-boot.ts, <lang>-app.ts): one
// entry per file of every language would sit in the entry chunk (issue 17 budget). On-demand namespaces: see on-demand-locales.ts.
const bundleLoaders = import.meta.glob<LocaleBundle>('./bundles/*.ts');

/** The loader of one locale file: from its language's bundle, or, for an on-demand namespace, from its own chunk. */
async function localeLoader(language: string, namespace: string): Promise<(() => Promise<LocaleModule>) | undefined> {
  if ((ON_DEMAND_NAMESPACES as readonly string[]).includes(namespace)) {
    const { onDemandLocaleLoaders } = await import('./on-demand-locales');
    return onDemandLocaleLoaders[`./locales/${language}/${namespace}.json`];
  }
  const group = (BOOT_NAMESPACES as readonly string[]).includes(namespace) ? 'boot' : 'app';
  const loadBundle = bundleLoaders[`./bundles/${language}-${group}.ts`];
  if (!loadBundle) return undefined;
  return () =>
    loadBundle().then((bundle) => {
      const strings = bundle[namespace];
      if (!strings) throw new Error(`no ${namespace} in the ${language} ${group} bundle`);
      return { default: strings };
    });
}

/**
 * Loads locales/<lang>/<ns>.json on demand, and only the active language's: every locale carries every key (a test
 * checks), so English is fetched only in place of a file that is missing or failed to load. A failure of that too is
 * only logged.
 */
const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = (lang: string): Promise<Record<string, unknown>> =>
      localeLoader(lang, namespace).then((loader) =>
        loader ? loader().then((module) => module.default) : Promise.reject(new Error(`no locale file for ${lang}/${namespace}`)),
      );
    load(language)
      .catch((error: unknown) => {
        if (language === FALLBACK_LANGUAGE) throw error;
        console.error(`[i18n] ${language}/${namespace} unavailable, using English`, error);
        return load(FALLBACK_LANGUAGE);
      })
      .then(
        (strings) => callback(null, strings),
        (error: unknown) => {
          console.error(`[i18n] failed to load ${language}/${namespace}`, error);
          callback(null, {});
        },
      );
  },
};

/**
 * A chosen (stored) language wins; with none, a visitor of a shared link or a newcomer invited to a share gets the
 * browser's language (English when we do not speak it), everyone else the product's default, Turkish.
 */
export function detectLanguage(stored: string | null, pathname: string, preferred: readonly string[], search = ''): Language {
  if (stored) return resolveLanguage(stored);
  if (VISITOR_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return browserLanguage(preferred);
  if (isInvitedSignup(pathname, search)) return browserLanguage(preferred);
  return resolveLanguage(null);
}

const storedLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init() {},
  detect: () =>
    detectLanguage(readStorage(storageKeys.language), window.location.pathname, navigator.languages ?? [navigator.language], window.location.search),
  // Nothing is cached on detection: only a language the person chose (changeLanguage) is stored, so "none chosen" stays visible.
};

/** <html lang dir> follow the language: Arabic is right-to-left. */
export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
}

const baseOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  load: 'languageOnly' as const,
  ns: START_NAMESPACES,
  // The type-level defaultNS (i18next.d.ts) lists every namespace; keys are always written "ns:key" anyway.
  defaultNS: START_NAMESPACES,
  // alwaysFormat: numbers go through numberFormatter (the language's digits) without a format in every string.
  interpolation: { escapeValue: false, alwaysFormat: true },
  returnNull: false,
};

i18n.on('languageChanged', applyDocumentLanguage);

/** Initialises i18next for the browser; resolves when the current language is loaded (English only stands in, above). */
export async function initI18n(): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  await i18n
    .use(lazyLocaleBackend)
    .use(storedLanguageDetector)
    .use(numberFormatter)
    .use(initReactI18next)
    // Keys are always "ns:key"; the runtime default only decides which namespaces a bare useTranslation() waits for.
    .init({ ...baseOptions, ns: [...BOOT_NAMESPACES], defaultNS: [...BOOT_NAMESPACES], fallbackLng: false });
  return i18n;
}

/**
 * Loads the namespaces of the current language that are not loaded yet; i18next keeps them on its list, so a language
 * chosen later loads them too.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  if (missing.length > 0) await i18n.loadNamespaces(missing);
}

/** Loads every namespace but the on-demand ones (the signed-in shell and sign-up). */
export function loadAllNamespaces(): Promise<void> {
  return loadNamespaces(START_NAMESPACES);
}

/**
 * A route's module loader that also loads the on-demand strings its screen shows, so that the screen renders with
 * them: the shell's title (the route handle's `titleKey`) and every bare `useTranslation()` below it read them.
 */
export function withNamespaces<M>(namespaces: readonly Namespace[], load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module);
}

/** Initialises with in-memory resources (tests). */
export async function initI18nWithResources(
  language: Language,
  resources: Partial<Record<Language, Partial<Record<Namespace, Record<string, unknown>>>>>,
): Promise<typeof i18n> {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(language);
    return i18n;
  }
  await i18n.use(numberFormatter).use(initReactI18next).init({ ...baseOptions, lng: language, resources });
  return i18n;
}

export function currentLanguage(): Language {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export async function changeLanguage(language: string): Promise<Language> {
  const next = isSupportedLanguage(language) ? language : resolveLanguage(language);
  await i18n.changeLanguage(next);
  writeStorage(storageKeys.language, next);
  writeLanguageCookie(next);
  return next;
}

/**
 * After sign-in and at every load with a session: the account's stored language is the interface's (issue 26), so a
 * choice made on another device wins over this browser's. An unknown or missing value changes nothing.
 */
export async function followAccountLanguage(language: string | null | undefined): Promise<void> {
  if (!language || !isSupportedLanguage(language) || language === currentLanguage()) return;
  await changeLanguage(language);
}

export { i18n };
