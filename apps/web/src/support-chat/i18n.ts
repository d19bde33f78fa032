import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, resolveLanguage } from '@/i18n/languages';
import { numberFormatter } from '@/i18n/number-formatter';

// One chunk per language, in the chat page's own build only.
const locales = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/support.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = (lang: string) => {
      const loader = locales[`../i18n/locales/${lang}/${namespace}.json`];
      return loader ? loader().then((m) => m.default) : Promise.reject(new Error(`no locale file for ${lang}/${namespace}`));
    };
    load(language)
      .catch(() => load(FALLBACK_LANGUAGE))
      .then(
        (strings) => callback(null, strings),
        () => callback(null, {}),
      );
  },
};

/** The chat page speaks the frame address's language until the ticket's own is known (English if unsupported). */
export async function initChatI18n(language: string | null): Promise<void> {
  await i18n
    .use(backend)
    .use(numberFormatter)
    .use(initReactI18next)
    .init({
      lng: resolveLanguage(language),
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      ns: ['support'],
      defaultNS: 'support',
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
}
