import { describe, expect, it } from 'vitest';
import { compareContacts, KEY_GAP, keysAmong, type Ordered } from './contacts.order.js';

const c = (name: string, id = name): Ordered => ({ contact_id: id, sort_first: name.split(' ')[0]!, display_name: name });

describe('sort keys of shared entries', () => {
  it('orders first names in every script by the root collation (dotless ı is a letter of its own), numbers by value', () => {
    const names = ['Zeynep Ak', 'ნინო ბერიძე', 'İsmail İnce', 'Işık Ağaoğlu', 'Ayşe Yılmaz', 'محمد العلي', 'Çağla Öztürk', 'Kişi 10', 'Kişi 9'];
    expect(names.map((n) => c(n, n)).sort(compareContacts).map((x) => x.display_name)).toEqual([
      'Ayşe Yılmaz',
      'Çağla Öztürk',
      'Işık Ağaoğlu',
      'İsmail İnce',
      'Kişi 9',
      'Kişi 10',
      'Zeynep Ak',
      'ნინო ბერიძე',
      'محمد العلي',
    ]);
  });

  it('places new contacts between the kept ones without moving them, and gives up when a gap is used up', () => {
    expect(keysAmong([], [c('Ali'), c('Veli')])).toEqual([KEY_GAP, 2 * KEY_GAP]);
    const kept = [
      { ...c('Ayşe'), sort_key: 1 * KEY_GAP },
      { ...c('Mehmet'), sort_key: 2 * KEY_GAP },
    ];
    // Before the first, between, after the last; runs between the same neighbours share the gap.
    const keys = keysAmong(kept, [c('Ahmet'), c('Bora'), c('Can'), c('Zeynep')])!;
    expect(keys[0]).toBeLessThan(KEY_GAP);
    expect(keys[1]).toBeGreaterThan(KEY_GAP);
    expect(keys[1]).toBeLessThan(keys[2]!);
    expect(keys[2]).toBeLessThan(2 * KEY_GAP);
    expect(keys[3]).toBeGreaterThan(2 * KEY_GAP);

    // Inserting at the same place again and again halves the gap: 20 times, then the book is renumbered.
    let lo = { ...c('Ayşe'), sort_key: 0 };
    const hi = { ...c('Mehmet'), sort_key: KEY_GAP };
    let inserted = 0;
    for (;;) {
      const next = keysAmong([lo, hi], [c(`Bora ${inserted}`)]);
      if (!next) break;
      lo = { ...c(`Bora ${inserted}`), sort_key: next[0]! };
      inserted++;
    }
    expect(inserted).toBe(20);
  });
});
