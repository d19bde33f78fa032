export const SUPPORTED_LANGUAGES = ['en', 'tr', 'ru', 'uk', 'ar', 'de', 'es', 'ro', 'sq', 'fr', 'ka'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'tr';
export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ar']);

/** Each language by its own name (endonyms are the same in every interface language). */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  tr: 'Türkçe',
  ru: 'Русский',
  uk: 'Українська',
  ar: 'العربية',
  de: 'Deutsch',
  es: 'Español',
  ro: 'Română',
  sq: 'Shqip',
  fr: 'Français',
  ka: 'ქართული',
};

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** No stored value → default (tr); a supported one (or its base, "de-AT" → de) → itself; anything else → en. */
export function resolveLanguage(stored: string | null | undefined): Language {
  if (!stored) return DEFAULT_LANGUAGE;
  const base = stored.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : FALLBACK_LANGUAGE;
}

export function languageDirection(language: string): 'rtl' | 'ltr' {
  return isSupportedLanguage(language) && RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** The first of the browser's languages (navigator.languages) that we speak, by its base ("de-AT" → de); else English. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isSupportedLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/** Pages a visitor without an account opens from a link someone gave them: they follow the browser's language. */
export const VISITOR_PATH_PREFIXES = ['/sharedFiles'] as const;

/** A sign-up a share invitation led to (it carries where to go next): the newcomer was sent a link, like a visitor. */
export const isInvitedSignup = (pathname: string, search: string) =>
  pathname === '/auth/signup' && new URLSearchParams(search).has('next');

/**
 * The chosen language also goes into a cookie: the server renders the link visitor's page (/sharedFiles) in it, and
 * cannot read localStorage. Read by apps/server/src/modules/public-links/public-links.page.ts under the same name.
 */
export const LANGUAGE_COOKIE = 'bulut_lang';

export function writeLanguageCookie(language: Language): void {
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // A document without cookies (sandboxed): the server falls back to Accept-Language.
  }
}
