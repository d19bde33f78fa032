import { afterEach, describe, expect, it } from 'vitest';
import arFiles from './locales/ar/files.json';
import trFiles from './locales/tr/files.json';
import trUpload from './locales/tr/upload.json';
import ukUpload from './locales/uk/upload.json';
import { i18n } from './i18n';

describe('numbers inside translated sentences', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('are written in the interface language, without a format in the string or at the call', async () => {
    i18n.addResourceBundle('tr', 'files', trFiles);
    i18n.addResourceBundle('tr', 'upload', trUpload);
    await i18n.changeLanguage('tr');
    // Latin digits, Turkish grouping.
    expect(i18n.t('files:selected_count', { count: 1234 })).toBe('1.234 öğe seçili');
    expect(i18n.t('files:selected_count', { count: 3 })).toBe('3 öğe seçili');
    expect(i18n.t('upload:total', { done: 1200, total: 3400, percent: 35 })).toBe('3.400 dosyadan 1.200 tanesi yüklendi · %35');
  });

  it('use the separators of a language whose grouping is not a Latin comma', async () => {
    i18n.addResourceBundle('uk', 'upload', ukUpload);
    await i18n.changeLanguage('uk');
    // Ukrainian groups with a (narrow, depending on the ICU data) no-break space.
    const [done, total] = [1200, 3400].map((n) => new Intl.NumberFormat('uk').format(n));
    expect(done).toMatch(/^1\s200$/u);
    expect(i18n.t('upload:total', { done: 1200, total: 3400, percent: 35 })).toBe(`Вивантажено ${done} з ${total} · 35 %`);
  });

  it('use Arabic-Indic digits in Arabic, whatever digits the runtime gives plain "ar"', async () => {
    i18n.addResourceBundle('ar', 'files', arFiles);
    await i18n.changeLanguage('ar');
    expect(i18n.t('files:selected_count', { count: 3 })).toBe('المحدد: ٣');
    expect(i18n.t('files:selected_count', { count: 1234567 })).toBe('المحدد: ١٬٢٣٤٬٥٦٧');
    // Strings (sizes, dates, names) are left as they were made.
    expect(i18n.t('files:selected_count', { count: '12 MB' as unknown as number })).toBe('المحدد: 12 MB');
  });
});
