import { describe, expect, it } from 'vitest';
import { NAMESPACES as APP_NAMESPACES } from './i18n';
import { BOOT_NAMESPACES, CONSOLE_NAMESPACES, ON_DEMAND_NAMESPACES } from './namespaces';
import { onDemandLocaleLoaders } from './on-demand-locales';
import { SUPPORTED_LANGUAGES } from './languages';

/** The subscriber app's namespaces and the operator console's: every one is held to the same rules. */
const NAMESPACES: readonly string[] = [...APP_NAMESPACES, ...CONSOLE_NAMESPACES];

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
  '*': ['common:brand', 'common:usage_fraction', 'common:document_title', 'auth:otp_channel_sms', 'files:description_count', 'settings:method_SMS', 'search:count_at_least', 'discover:place_line', 'campaigns:share_sms', 'campaigns:raffle_period', 'support:feedback_counter'],
  tr: ['files:kind_video'],
  de: ['common:ok', 'files:column_name', 'files:sort_name', 'files:kind_video', 'upload:panel_label', 'search:kind_VIDEO', 'search:suggestion_PERSON', 'discover:name_field', 'family:person_name_label'],
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
// The operator console (issue 27): words that are the same in these languages (loanwords, role names, units).
const OPS_SAME: Record<string, readonly string[]> = {
  de: ['ops:role_admin', 'ops:role_support', 'ops:role_marketing', 'ops:name', 'ops:status', 'ops:dash_premium', 'ops:dash_upload_count', 'ops:kind_video', 'ops:kind_audio', 'ops:type_string'],
  es: ['ops:role_marketing', 'ops:no', 'ops:plan', 'ops:dash_premium', 'ops:kind_audio', 'ops:visible'],
  fr: ['ops:role_marketing', 'ops:role_finance', 'ops:email', 'ops:actions', 'ops:seconds', 'ops:dash_premium', 'ops:kind_photo', 'ops:kind_image', 'ops:kind_audio', 'ops:kind_document', 'ops:visible', 'ops:type', 'ops:filter_action', 'ops:action'],
  ro: ['ops:role_admin', 'ops:role_marketing', 'ops:email', 'ops:plan', 'ops:dash_premium', 'ops:kind_audio', 'ops:type_string', 'ops:card', 'ops:operator'],
  sq: ['ops:role_admin', 'ops:role_marketing', 'ops:dash_premium', 'ops:kind_audio'],
};
for (const [language, keys] of Object.entries(OPS_SAME)) SAME_AS_ENGLISH[language] = [...(SAME_AS_ENGLISH[language] ?? []), ...keys];
// The prize draw (issue 30): the fixed country code, the file format, and words French and German share with English.
SAME_AS_ENGLISH['*'] = [...(SAME_AS_ENGLISH['*'] ?? []), 'draw:phone_prefix', 'opsDraw:csv'];
SAME_AS_ENGLISH.fr = [...(SAME_AS_ENGLISH.fr ?? []), 'opsDraw:actions', 'opsDraw:text_conditions'];
SAME_AS_ENGLISH.de = [...(SAME_AS_ENGLISH.de ?? []), 'opsDraw:status'];
// Contacts backup (issue 31): German shares these words with English.
SAME_AS_ENGLISH.de = [...(SAME_AS_ENGLISH.de ?? []), 'contacts:source_IMPORT', 'contacts:NAME', 'contacts:card_organization'];
// Version history (issue 33): "Versions" is the French word too.
SAME_AS_ENGLISH.fr = [...(SAME_AS_ENGLISH.fr ?? []), 'files:action_versions', 'files:versions_title'];
// The office editor (issue 33): "Formula" is the Albanian word too.
SAME_AS_ENGLISH.sq = [...(SAME_AS_ENGLISH.sq ?? []), 'office:formula_bar'];

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
            (key) =>
              !allowed.has(`${namespace}:${key}`) &&
              !(namespace === 'discover' && key.startsWith('things.')) &&
              // CLDR's month names and date patterns (scripts/calendar-locale.mjs): "April" is German too.
              namespace !== 'calendar' &&
              value(dict, key) === value(english, key),
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

describe('locale bundles', () => {
  const bundles = import.meta.glob<Record<string, unknown>>('./bundles/*.ts', { eager: true });
  const exported = (language: string, group: string) => Object.keys(bundles[`./bundles/${language}-${group}.ts`] ?? {}).sort();

  it('hold, per language, sign-in\u2019s namespaces and every other one that is not loaded on demand (nor the console\u2019s)', () => {
    const boot = BOOT_NAMESPACES as readonly string[];
    const app = APP_NAMESPACES.filter((namespace) => !boot.includes(namespace) && !ON_DEMAND_NAMESPACES.includes(namespace));
    for (const language of SUPPORTED_LANGUAGES) {
      expect(exported(language, 'boot'), `${language}-boot`).toEqual([...boot].sort());
      expect(exported(language, 'app'), `${language}-app`).toEqual([...app].sort());
      expect(bundles[`./bundles/${language}-app.ts`]?.['calendar'], language).toBe(locale(language, 'calendar'));
    }
    expect(Object.keys(bundles)).toHaveLength(SUPPORTED_LANGUAGES.length * 2);
  });
});
