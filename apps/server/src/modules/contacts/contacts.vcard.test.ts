import { describe, expect, it } from 'vitest';
import { displayName } from './contacts.card.js';
import { ANDROID_VCF, GOOGLE_VCF, ICLOUD_VCF, manyCards, PNG_BASE64, V4_VCF, WINDOWS_1254_VCF } from './contacts.fixtures.js';
import { versionsToPrune } from './contacts.retention.js';
import { MAX_PHOTO_BYTES, parseVCards } from './contacts.vcard-parse.js';
import { fold, writeVCard } from './contacts.vcard-write.js';

const parse = (text: string | Buffer) => parseVCards(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'));

describe('vCard reader', () => {
  it('reads a Google Contacts export: grouped properties, typed values, escapes', () => {
    const { cards, errors } = parse(GOOGLE_VCF);
    expect(errors).toEqual([]);
    expect(cards).toHaveLength(1);
    const c = cards[0]!;
    expect(c.fn).toBe('Ayşe Yılmaz');
    expect(c.name).toMatchObject({ family: 'Yılmaz', given: 'Ayşe' });
    expect(c.emails).toEqual([{ types: ['HOME'], value: 'ayse@example.com' }]);
    expect(c.phones.map((p) => p.types)).toEqual([['CELL'], ['WORK']]);
    expect(c.addresses[0]).toMatchObject({ types: ['HOME'], street: 'Atatürk Cad. 5, Daire 3', locality: 'İstanbul', postalCode: '34000', country: 'Türkiye' });
    expect(c.org).toEqual(['Bulut A.Ş.', 'Satış']);
    expect(c.birthday).toBe('1990-05-17');
    expect(c.note).toBe('Birinci satır\nİkinci satır, virgüllü; noktalı');
  });

  it('reads an iCloud export with a folded base64 photo and a preferred e-mail', () => {
    const c = parse(ICLOUD_VCF).cards[0]!;
    expect(c.uid).toBe('icloud-0001');
    expect(c.emails[0]).toEqual({ types: ['PREF'], value: 'cagla@icloud.example' });
    expect(c.phones[0]!.types).toEqual(['CELL', 'VOICE', 'PREF']);
    expect(c.photo).toEqual({ mediaType: 'image/png', data: PNG_BASE64 });
  });

  it('reads Android 2.1: quoted-printable UTF-8 with soft breaks, bare parameters, an Arabic name, a base64 photo', () => {
    const { cards, errors } = parse(ANDROID_VCF);
    expect(errors).toEqual([]);
    expect(cards.map(displayName)).toEqual(['İsmail İnce', 'محمد العلي']);
    expect(cards[0]!.phones).toEqual([
      { types: ['CELL'], value: '05321112233' },
      { types: ['HOME'], value: '0212 555 11 22' },
    ]);
    expect(cards[0]!.note).toBe('Çok uzun bir not satırı yazılmış, katı kat.');
    expect(cards[0]!.photo).toEqual({ mediaType: 'image/png', data: PNG_BASE64 });
    expect(cards[1]!.phones[0]!.types).toEqual(['CELL', 'PREF']);
  });

  it('decodes Windows-1254, declared and undeclared', () => {
    const { cards } = parse(WINDOWS_1254_VCF);
    expect(cards.map((c) => [c.name.given, c.name.family])).toEqual([
      ['Işık', 'Ağaoğlu'],
      ['İlke', 'Dığer'],
    ]);
  });

  it('reads vCard 4.0: tel: URIs, PREF=1, a data: URI photo, Georgian', () => {
    const c = parse(V4_VCF).cards[0]!;
    expect(displayName(c)).toBe('ნინო ბერიძე');
    expect(c.phones).toEqual([{ types: ['CELL', 'PREF'], value: '+995-555-12-34-56' }]);
    expect(c.photo).toEqual({ mediaType: 'image/png', data: PNG_BASE64 });
    expect(c.urls[0]!.value).toBe('https://example.ge/nino');
  });

  it('reports broken cards by line and keeps the others', () => {
    const { cards, errors } = parse(manyCards(500, [17, 401]));
    expect(cards).toHaveLength(498);
    expect(errors).toHaveLength(2);
    // Each card is 6 lines (7 for a broken one): card 17 starts at line 103, its broken line is its sixth.
    expect(errors[0]).toMatchObject({ line: 108, reason: 'NO_VALUE' });
    expect(errors[0]!.message).toMatch(/^Line 108: /);
  });

  it('drops an oversized photo with a warning, keeping the card', () => {
    const big = 'A'.repeat(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 8);
    const { cards, warnings } = parse(`BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big Photo\r\nPHOTO;ENCODING=b;TYPE=JPEG:${big}\r\nEND:VCARD\r\n`);
    expect(cards).toHaveLength(1);
    expect(cards[0]!.photo).toBeNull();
    expect(warnings[0]).toMatchObject({ line: 4, reason: 'PHOTO_TOO_LARGE' });
  });

  it('reports a card without END, stray text and a card with no name, phone or e-mail', () => {
    const { cards, errors } = parse('hello\r\nBEGIN:VCARD\r\nFN:Half\r\nBEGIN:VCARD\r\nFN:Whole\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n');
    expect(cards.map(displayName)).toEqual(['Whole']);
    expect(errors.map((e) => [e.line, e.reason])).toEqual([
      [1, 'OUTSIDE'],
      [2, 'NO_END'],
      [7, 'EMPTY'],
    ]);
  });

  it('never throws on mangled input, and keeps only cards with something to show', () => {
    const sources = [GOOGLE_VCF, ICLOUD_VCF, ANDROID_VCF, V4_VCF, manyCards(5)].map((s) => Buffer.from(s));
    sources.push(WINDOWS_1254_VCF);
    let seed = 31;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 800; round++) {
      const base = Buffer.from(sources[rand(sources.length)]!);
      const bytes = [...base];
      for (let k = 0, edits = 1 + rand(12); k < edits; k++) {
        const at = rand(bytes.length + 1);
        const op = rand(4);
        if (op === 0) bytes.splice(at, 1 + rand(20));
        else if (op === 1) bytes.splice(at, 0, ...Array.from({ length: 1 + rand(8) }, () => rand(256)));
        else if (op === 2) bytes.splice(at, 0, ...Buffer.from([':', ';', '=', '\\', '"', '\r\n', ' ', 'BEGIN:VCARD', 'END:VCARD', '=\r\n'][rand(10)]!));
        else bytes.length = at;
      }
      const result = parseVCards(Buffer.from(bytes));
      for (const card of result.cards) {
        expect(displayName(card)).not.toBe('');
        expect(JSON.stringify(card)).not.toMatch(/\\u0000/);
        // Whatever was read writes out as a card that reads back.
        expect(parse(writeVCard(card, '3.0')).cards).toHaveLength(1);
      }
      for (const e of result.errors) expect(e.message).toMatch(/^Line \d+: /);
    }
  });
});

describe('vCard writer', () => {
  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `NOTE:${'ğ'.repeat(100)}`;
    const folded = fold(line);
    for (const l of folded.split('\r\n').filter(Boolean)) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '').trimEnd()).toBe(line);
  });

  it('round-trips every field through 3.0 and 4.0', () => {
    for (const source of [GOOGLE_VCF, ICLOUD_VCF, ANDROID_VCF, V4_VCF]) {
      for (const card of parse(source).cards) {
        for (const version of ['3.0', '4.0'] as const) {
          const again = parse(writeVCard(card, version)).cards[0]!;
          expect({ ...again, fn: displayName(again) }).toEqual({ ...card, fn: displayName(card) });
        }
      }
    }
  });
});

describe('retention', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = Date.UTC(2026, 11, 8);
  const version = (i: number, at: number) => ({ id: `0000${String(i).padStart(6, '0')}`, created_at: at });

  it('keeps the newest 60 and the newest version of each of the last 12 months', () => {
    // One version a day for 400 days, oldest first (ids grow with time).
    const versions = Array.from({ length: 400 }, (_, i) => version(i, now - (399 - i) * DAY));
    const pruned = new Set(versionsToPrune(versions, now));
    const kept = versions.filter((v) => !pruned.has(v.id));
    for (const v of versions.slice(-60)) expect(pruned.has(v.id)).toBe(false);
    const months = new Set(kept.map((v) => new Date(v.created_at).toISOString().slice(0, 7)));
    expect(months.size).toBe(12);
    expect(kept.length).toBeLessThanOrEqual(60 + 12);
    // Older than twelve months: gone.
    expect(kept.every((v) => v.created_at >= Date.UTC(2026, 0, 1))).toBe(true);
  });

  it('prunes nothing while there are 60 or fewer', () => {
    expect(versionsToPrune(Array.from({ length: 60 }, (_, i) => version(i, now - i * 40 * DAY)), now)).toEqual([]);
  });
});
