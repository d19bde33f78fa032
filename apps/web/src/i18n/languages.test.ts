import { describe, expect, it } from 'vitest';
import { browserLanguage, languageDirection, resolveLanguage } from './languages';

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

describe('browserLanguage', () => {
  it('takes the first browser language we speak, by its base', () => {
    expect(browserLanguage(['en-US', 'tr'])).toBe('en');
    expect(browserLanguage(['it-IT', 'de-AT', 'en'])).toBe('de');
    expect(browserLanguage(['ka'])).toBe('ka');
  });

  it('is English, not the Turkish default, when we speak none of them', () => {
    expect(browserLanguage(['it', 'pt-BR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
