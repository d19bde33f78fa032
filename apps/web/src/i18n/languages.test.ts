import { describe, expect, it } from 'vitest';
import { languageDirection, resolveLanguage } from './languages';

describe('resolveLanguage', () => {
  it('defaults to Turkish when nothing is stored', () => {
    expect(resolveLanguage(null)).toBe('tr');
    expect(resolveLanguage('')).toBe('tr');
  });

  it('keeps a supported language, or its base', () => {
    expect(resolveLanguage('ka')).toBe('ka');
    expect(resolveLanguage('de-AT')).toBe('de');
  });

  it('falls back to English for anything else', () => {
    expect(resolveLanguage('it')).toBe('en');
    expect(resolveLanguage('klingon')).toBe('en');
  });
});

describe('languageDirection', () => {
  it('is rtl for Arabic only', () => {
    expect(languageDirection('ar')).toBe('rtl');
    expect(languageDirection('tr')).toBe('ltr');
    expect(languageDirection('ka')).toBe('ltr');
  });
});
