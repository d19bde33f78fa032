import { describe, expect, it } from 'vitest';
import { albumLabel, filterAlbumName } from './album-name';

describe('filterAlbumName', () => {
  it('drops special characters but keeps dash, underscore, digits and spaces', () => {
    expect(filterAlbumName('Summer! 2026 (best) #1')).toBe('Summer 2026 best 1');
    expect(filterAlbumName('trip_2026-07')).toBe('trip_2026-07');
    expect(filterAlbumName('a/b\\c.d,e;f:g"h\'i<j>k&l%m$n@o*p+q=r?s')).toBe('abcdefghijklmnopqrs');
  });

  it('keeps letters of every script the app speaks', () => {
    expect(filterAlbumName('Şığüöç İstanbul')).toBe('Şığüöç İstanbul');
    expect(filterAlbumName('رحلة الصيف ٢٠٢٦')).toBe('رحلة الصيف ٢٠٢٦');
    expect(filterAlbumName('Отпуск в Києві')).toBe('Отпуск в Києві');
    expect(filterAlbumName('ზაფხული თბილისში')).toBe('ზაფხული თბილისში');
    expect(filterAlbumName('Ferienwohnung Größe')).toBe('Ferienwohnung Größe');
  });

  it('removes emoji and turns tabs and line breaks into spaces', () => {
    expect(filterAlbumName('Beach 🌞🏖️ day')).toBe('Beach  day');
    expect(filterAlbumName('one\ttwo\nthree')).toBe('one two three');
  });

  it('composes decomposed letters before filtering', () => {
    expect(filterAlbumName('Cafe\u0301')).toBe('Café');
  });
});

describe('albumLabel', () => {
  it('is the trimmed, filtered name, or null when nothing is left', () => {
    expect(albumLabel('  Yaz 2026  ')).toBe('Yaz 2026');
    expect(albumLabel('   ')).toBeNull();
    expect(albumLabel('!!!')).toBeNull();
    expect(albumLabel('')).toBeNull();
  });
});
