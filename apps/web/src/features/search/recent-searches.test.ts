import { describe, expect, it } from 'vitest';
import { clearStoredSession } from '@/api/session';
import { clearRecentSearches, foldSearchText, matchingRecentSearches, readRecentSearches, rememberSearch, RECENT_SEARCHES_MAX } from './recent-searches';

describe('recent searches', () => {
  it('keeps the newest first under the spec’s key, at most 10, one entry per search however it was typed', () => {
    for (let i = 1; i <= 12; i += 1) rememberSearch(`word ${i}`);
    expect(readRecentSearches()).toHaveLength(RECENT_SEARCHES_MAX);
    expect(readRecentSearches()[0]).toBe('word 12');
    expect(readRecentSearches()).not.toContain('word 2');

    rememberSearch('İstanbul');
    rememberSearch('  istanbul ');
    const list = readRecentSearches();
    expect(list[0]).toBe('istanbul');
    expect(list.filter((entry) => foldSearchText(entry) === 'istanbul')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('recentSearches')!)).toEqual(list);
  });

  it('ignores blank searches and reads anything unreadable as none', () => {
    rememberSearch('   ');
    expect(localStorage.getItem('recentSearches')).toBeNull();
    localStorage.setItem('recentSearches', '{not json');
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem('recentSearches', JSON.stringify(['ok', 3, '', null]));
    expect(readRecentSearches()).toEqual(['ok']);
    clearRecentSearches();
    expect(localStorage.getItem('recentSearches')).toBeNull();
  });

  it('are cleared by logout with the other per-account data', () => {
    rememberSearch('beach');
    localStorage.setItem('userUUID', 'device-1');
    clearStoredSession();
    expect(readRecentSearches()).toEqual([]);
    // The device id is not per account: it stays.
    expect(localStorage.getItem('userUUID')).toBe('device-1');
  });

  it('match what is typed by prefix, ignoring case, accents and the dotted or dotless i', () => {
    const recent = ['Şehir turu', 'ılık su', 'İstanbul', 'beach'];
    expect(matchingRecentSearches(recent, 'sehir')).toEqual(['Şehir turu']);
    expect(matchingRecentSearches(recent, 'ILIK')).toEqual(['ılık su']);
    expect(matchingRecentSearches(recent, 'istan')).toEqual(['İstanbul']);
    expect(matchingRecentSearches(recent, '')).toEqual(recent);
    expect(matchingRecentSearches(recent, '', 2)).toEqual(['Şehir turu', 'ılık su']);
  });
});
