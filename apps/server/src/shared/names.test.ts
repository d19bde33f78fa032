import { describe, expect, it } from 'vitest';
import { freeName, freeNameIn, MAX_NAME_BYTES, MAX_NAME_LENGTH, nameKey, numberedName, validateName, validatePersonName } from './names.js';

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
  it('refuses bidi controls and invisible characters with the field, keeps joiners', () => {
    const sneaky = ['\u202Egnp.exe', 'a\u202Ab', 'a\u2066b\u2069', 'a\u2067b', 'zero\u200Bspace', 'lrm\u200E', 'rlm\u200F', 'b\uFEFFom', 'a\u2028b', 'a\u2029b', 'a\u2060b', 'c1\u0085', 'alm\u061C'];
    for (const n of sneaky) {
      expect(() => validateName(n, 'New-Name')).toThrow(expect.objectContaining({ field: 'New-Name', status: 'VALIDATION_ERROR' }));
      expect(() => validatePersonName(n, 'surname')).toThrow(expect.objectContaining({ field: 'surname' }));
    }
    expect(validateName('👨\u200D👩\u200D👧.jpg')).toBe('👨\u200D👩\u200D👧.jpg');
    expect(validatePersonName('  Ayşe ', 'name')).toBe('Ayşe');
    expect(validatePersonName('', 'surname')).toBe('');
  });
  it('numbers a clashing name before the extension', () => {
    expect(numberedName('report.pdf', 2, false)).toBe('report (2).pdf');
    expect(numberedName('.env', 2, false)).toBe('.env (2)');
    expect(numberedName('my.folder', 3, true)).toBe('my.folder (3)');
    expect(nameKey('Ä.TXT')).toBe('ä.txt');
  });
  it('caps a numbered name at the name limits by shortening the stem, keeping the extension', () => {
    const long = `${'a'.repeat(251)}.pdf`;
    const numbered = numberedName(long, 2, false);
    expect([...numbered]).toHaveLength(MAX_NAME_LENGTH);
    expect(numbered).toBe(`${'a'.repeat(247)} (2).pdf`);
    expect(numberedName('b'.repeat(255), 12, true)).toBe(`${'b'.repeat(250)} (12)`);
    // Four-byte characters hit the byte cap first.
    const wide = numberedName('😀'.repeat(255), 3, true);
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(validateName(wide)).toBe(wide);
    // Only an extension too long for any stem is cut.
    const allExt = numberedName(`a.${'x'.repeat(253)}`, 2, false);
    expect(allExt.startsWith('a (2).xxx')).toBe(true);
    expect([...allExt]).toHaveLength(MAX_NAME_LENGTH);
  });
  it('finds the lowest free number, asking for candidates in batches', async () => {
    const used = new Set(['a.txt', 'a (2).txt', 'a (3).txt'].map(nameKey));
    const asked: string[][] = [];
    const taken = async (keys: string[]) => {
      asked.push(keys);
      return keys.filter((k) => used.has(k));
    };
    expect(await freeName('free.txt', false, taken)).toBe('free.txt');
    expect(await freeName('A.TXT', false, taken)).toBe('A (4).TXT');
    expect(asked).toHaveLength(2);
    const crowded = new Set(['x', ...Array.from({ length: 150 }, (_, i) => `x (${i + 2})`)]);
    expect(await freeName('x', true, async (keys) => keys.filter((k) => crowded.has(k)))).toBe('x (152)');
    expect(freeNameIn('A.txt', false, used)).toBe('A (4).txt');
    expect(freeNameIn('b.txt', false, used)).toBe('b.txt');
  });
});
