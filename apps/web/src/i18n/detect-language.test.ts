import { describe, expect, it } from 'vitest';
import { detectLanguage } from './i18n';

describe('detectLanguage', () => {
  it('keeps a chosen language everywhere', () => {
    expect(detectLanguage('fr', '/sharedFiles', ['en-US'])).toBe('fr');
    expect(detectLanguage('fr', '/', ['en-US'])).toBe('fr');
  });

  it('follows the browser on a shared link when none was chosen, English when it speaks none of ours', () => {
    expect(detectLanguage(null, '/sharedFiles', ['en-US', 'tr'])).toBe('en');
    expect(detectLanguage(null, '/sharedFiles/signup', ['uk-UA'])).toBe('uk');
    expect(detectLanguage(null, '/sharedFiles', ['it-IT'])).toBe('en');
  });

  it('follows the browser on the sign-up a share invitation leads to', () => {
    expect(detectLanguage(null, '/auth/signup', ['de-DE'], '?channel=EMAIL&next=%2Fmain%2Fshares%3Ftab%3DwithMe')).toBe('de');
    expect(detectLanguage(null, '/auth/signup', ['de-DE'], '?channel=EMAIL')).toBe('tr');
    expect(detectLanguage('ar', '/auth/signup', ['de-DE'], '?next=%2Fmain')).toBe('ar');
  });

  it('keeps the Turkish default elsewhere', () => {
    expect(detectLanguage(null, '/', ['en-US'])).toBe('tr');
    expect(detectLanguage(null, '/sharedFilesX', ['en-US'])).toBe('tr');
  });
});
