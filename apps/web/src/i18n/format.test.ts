import { describe, expect, it } from 'vitest';
import { badgeText, formatBytes, formatCountdown, formatDateTime, formatTime, initials, usagePercent } from './format';

describe('usagePercent', () => {
  it('is used / quota rounded', () => {
    expect(usagePercent(0, 5_368_709_120)).toBe(0);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(4_294_967_296, 5_368_709_120)).toBe(80);
  });

  it('is capped at 100', () => {
    expect(usagePercent(6, 5)).toBe(100);
  });

  it('handles a zero quota', () => {
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(10, 0)).toBe(100);
  });
});

describe('formatBytes', () => {
  it('shows B, KB, MB, GB and TB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 2)).toBe('5 MB');
    expect(formatBytes(5_368_709_120)).toBe('5 GB');
    expect(formatBytes(2.25 * 1024 ** 4)).toBe('2.3 TB');
  });

  it('stays in TB above a terabyte', () => {
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2,048 TB');
  });

  it('uses the language for the decimal separator', () => {
    expect(formatBytes(1536, 'tr')).toBe('1,5 KB');
  });
});

describe('formatDateTime', () => {
  it('is dd.mm.yyyy - hh:mm', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7))).toBe('05.01.2026 - 09:07');
  });

  it("keeps the pattern in every language, with the language's digits", () => {
    const date = new Date(2026, 0, 5, 21, 7);
    for (const language of ['en', 'tr', 'de', 'es', 'fr', 'ka', 'ro', 'ru', 'sq', 'uk']) {
      expect(formatDateTime(date, language), language).toBe('05.01.2026 - 21:07');
    }
    // Arabic writes its own (Arabic-Indic) digits; the pattern is the same.
    const arabic = formatDateTime(date, 'ar');
    expect(arabic).toBe(formatDateTime(date, 'en').replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!));
    expect(arabic).toBe('٠٥.٠١.٢٠٢٦ - ٢١:٠٧');
  });

  it('is empty for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatTime', () => {
  it('is hh:mm on a 24-hour clock in every language, with the language\u2019s digits', () => {
    const evening = new Date(2026, 0, 5, 21, 7);
    for (const language of ['en', 'tr', 'de', 'es', 'fr', 'ka', 'ro', 'ru', 'sq', 'uk']) expect(formatTime(evening, language), language).toBe('21:07');
    expect(formatTime(new Date(2026, 0, 5, 9, 7), 'en')).toBe('09:07');
    expect(formatTime(evening, 'ar')).toBe('٢١:٠٧');
  });

  it('stays hh:mm where the runtime lacks the language (Debian\u2019s Chromium has no ka or sq)', () => {
    // Such a runtime formats ka and sq in its default locale; an American English one writes "09:07 PM" by default.
    expect(formatTime(new Date(2026, 0, 5, 21, 7), 'en-US')).toBe('21:07');
  });

  it('is empty for an invalid date', () => {
    expect(formatTime('not a date')).toBe('');
  });
});

describe('formatCountdown', () => {
  it('is m:ss', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('badgeText', () => {
  it('caps at 9+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('initials', () => {
  it('uses name and surname, else the e-mail', () => {
    expect(initials('ayşe', 'yılmaz')).toBe('AY');
    expect(initials(null, null, 'zeynep@example.com')).toBe('Z');
    expect(initials()).toBe('');
  });
});
