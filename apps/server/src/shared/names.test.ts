import { describe, expect, it } from 'vitest';
import { nameKey, numberedName, validateName } from './names.js';

describe('names', () => {
  it('accepts any Unicode name a person would type', () => {
    for (const n of ['Tatil fotoğrafları', 'Отчёт 2026.docx', 'صور العائلة', 'ფოტოები', '💼 work', 'a'.repeat(255)]) {
      expect(validateName(n)).toBe(n);
    }
  });
  it('refuses separators, control characters, dot names, empty and over-long names', () => {
    for (const n of ['a/b', 'a\\b', 'tab\there', 'nul\u0000', '.', '..', '   ', 'a'.repeat(256)]) {
      expect(() => validateName(n)).toThrow();
    }
  });
  it('numbers a clashing name before the extension', () => {
    expect(numberedName('report.pdf', 2, false)).toBe('report (2).pdf');
    expect(numberedName('.env', 2, false)).toBe('.env (2)');
    expect(numberedName('my.folder', 3, true)).toBe('my.folder (3)');
    expect(nameKey('Ä.TXT')).toBe('ä.txt');
  });
});
