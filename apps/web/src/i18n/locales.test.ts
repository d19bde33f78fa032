import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';
import { ON_DEMAND_NAMESPACES } from './namespaces';
import { onDemandLocaleLoaders } from './on-demand-locales';
import { SUPPORTED_LANGUAGES } from './languages';

type Dict = Record<string, unknown>;
const files = import.meta.glob<Dict>('./locales/*/*.json', { eager: true, import: 'default' });

function locale(language: string, namespace: string): Dict | undefined {
  return files[`./locales/${language}/${namespace}.json`];
}

/** Flattened "a.b.c" keys of a (possibly nested) locale file. */
function keys(dict: Dict, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as Dict, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function value(dict: Dict, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Dict | undefined)?.[part], dict);
}

const placeholders = (text: unknown) => new Set(String(text).match(/\{\{\s*\w+\s*\}\}|<\/?\w+\s*\/?>/g) ?? []);

/** Texts that legitimately read the same as English (brand, symbols, loanwords). */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  '*': ['common:brand', 'common:usage_fraction', 'common:document_title', 'auth:otp_channel_sms', 'files:description_count', 'settings:method_SMS', 'search:count_at_least'],
  tr: ['files:kind_video'],
  de: ['common:ok', 'files:column_name', 'files:sort_name', 'files:kind_video', 'upload:panel_label', 'search:kind_VIDEO', 'search:suggestion_PERSON', 'discover:name_field'],
  fr: [
    'common:ok',
    'auth:otp_channel_email',
    'recovery:method_email',
    'account:notifications',
    'notifications:title',
    'shell:menu_photos',
    'shell:menu_contacts',
    'files:sort_date',
    'search:suggestions_label',
    'search:kind_PHOTO',
    'search:kind_DOCUMENT',
    'settings:method_EMAIL',
    'settings:question_label',
  ],
  ro: ['common:ok', 'auth:otp_channel_email', 'recovery:method_email', 'files:kind_doc', 'settings:method_EMAIL'],
  sq: ['auth:otp_channel_email', 'search:suggestion_PERSON'],
  ru: ['auth:email_placeholder'],
  uk: ['auth:email_placeholder'],
  ar: ['auth:email_placeholder'],
  ka: ['auth:email_placeholder'],
};
// Card brands are names; MM / YY are the usual expiry placeholders in these languages too.
const PAYMENT_SAME: Record<string, readonly string[]> = {
  '*': ['payment:brand_VISA', 'payment:brand_MASTERCARD', 'payment:brand_TROY', 'payment:brand_AMEX'],
  tr: ['payment:expiry_year_placeholder'],
  de: ['payment:expiry_month_placeholder'],
  es: ['payment:expiry_month_placeholder'],
  fr: ['payment:expiry_month_placeholder'],
  sq: ['payment:expiry_month_placeholder'],
};
for (const [language, keys] of Object.entries(PAYMENT_SAME)) SAME_AS_ENGLISH[language] = [...(SAME_AS_ENGLISH[language] ?? []), ...keys];

describe('locale files', () => {
  it('exist for every language and namespace', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const namespace of NAMESPACES) {
        expect(locale(language, namespace), `${language}/${namespace}.json`).toBeDefined();
      }
    }
    expect(Object.keys(files)).toHaveLength(SUPPORTED_LANGUAGES.length * NAMESPACES.length);
  });

  for (const namespace of NAMESPACES) {
    const english = locale('en', namespace) ?? {};
    const englishKeys = keys(english).sort();

    for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
      describe(`${language}/${namespace}`, () => {
        const dict = locale(language, namespace) ?? {};

        it('has exactly the English keys', () => {
          const own = keys(dict).sort();
          expect(englishKeys.filter((key) => !own.includes(key)), 'missing keys').toEqual([]);
          expect(own.filter((key) => !englishKeys.includes(key)), 'extra keys').toEqual([]);
        });

        it('keeps every placeholder and tag', () => {
          for (const key of englishKeys) {
            expect(placeholders(value(dict, key)), `${language}/${namespace}:${key}`).toEqual(placeholders(value(english, key)));
          }
        });

        it('is translated, not copied from English', () => {
          const allowed = new Set([...(SAME_AS_ENGLISH['*'] ?? []), ...(SAME_AS_ENGLISH[language] ?? [])]);
          // Object class names come from the server's reviewed table (things.classes.ts): many are loanwords ("Pizza").
          const copied = englishKeys.filter(
            (key) => !allowed.has(`${namespace}:${key}`) && !(namespace === 'discover' && key.startsWith('things.')) && value(dict, key) === value(english, key),
          );
          expect(copied).toEqual([]);
        });

        it('has no empty texts', () => {
          expect(englishKeys.filter((key) => !String(value(dict, key) ?? '').trim())).toEqual([]);
        });
      });
    }
  }
});

describe('on-demand namespaces', () => {
  it('their loaders (a literal glob in on-demand-locales.ts) cover exactly ON_DEMAND_NAMESPACES in every language', () => {
    const found = new Set(Object.keys(onDemandLocaleLoaders).map((key) => key.split('/')[3]!.replace(/\.json$/, '')));
    expect([...found].sort()).toEqual([...ON_DEMAND_NAMESPACES].sort());
    expect(Object.keys(onDemandLocaleLoaders)).toHaveLength(ON_DEMAND_NAMESPACES.length * SUPPORTED_LANGUAGES.length);
  });
});
