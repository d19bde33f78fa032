import { describe, expect, it } from 'vitest';
import { dayString, distanceKm, findTrips, homeOf, isClosed, locationKey, mainPlace, splitEvents, type MomentPhoto } from './foryou.moments.js';

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.UTC(2026, 9, 1, 10);
const ISTANBUL = { lat: 40.99, lon: 29.03, place: 'ist' };
const IZMIR = { lat: 38.42, lon: 27.14, place: 'izm' };
const KADIKOY_FERRY = { lat: 41.01, lon: 28.98, place: 'ist' };

let n = 0;
/** A photo `offsetMs` after T0 at a location (null: no GPS). */
function photo(offsetMs: number, at: { lat: number; lon: number; place: string | null } | null): MomentPhoto {
  const t = T0 + offsetMs;
  const d = new Date(t);
  return {
    id: `p${String(n++).padStart(4, '0')}`,
    taken_at: t,
    taken_day: d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate(),
    latitude: at?.lat ?? null,
    longitude: at?.lon ?? null,
    place: at?.place ?? null,
  };
}
const ids = (ps: readonly MomentPhoto[]) => ps.map((p) => p.id);

describe('events', () => {
  it('split where the pause exceeds six hours; too few photos are no event', () => {
    const morning = [0, 10, 20, 30, 40].map((m) => photo(m * 60_000, ISTANBUL));
    const evening = [8 * H, 8 * H + 60_000, 8 * H + 120_000, 8 * H + 180_000].map((t) => photo(t, ISTANBUL));
    const lone = [20 * H, 20 * H + 60_000].map((t) => photo(t, ISTANBUL));
    // Given out of order: grouping sorts by time.
    const events = splitEvents([...evening, ...lone, ...morning].reverse());
    expect(events.map((e) => ids(e.photos))).toEqual([ids(morning), ids(evening)]);
    expect(events[0]).toMatchObject({ start: T0, end: T0 + 40 * 60_000, firstDay: 20261001, lastDay: 20261001 });
    // A pause of exactly six hours keeps it together.
    expect(splitEvents([0, 6 * H, 12 * H, 18 * H].map((t) => photo(t, null)))).toHaveLength(1);
  });

  it('split where GPS jumps far, even minutes apart; a short move in town and photos without GPS do not split', () => {
    const here = [0, 5, 10].map((m) => photo(m * 60_000, ISTANBUL));
    const ferry = photo(15 * 60_000, KADIKOY_FERRY);
    const noGps = photo(20 * 60_000, null);
    const there = [25, 30, 35, 40].map((m) => photo(m * 60_000, IZMIR));
    const events = splitEvents([...here, ferry, noGps, ...there]);
    expect(events.map((e) => ids(e.photos))).toEqual([ids([...here, ferry, noGps]), ids(there)]);
    expect(distanceKm(ISTANBUL.lat, ISTANBUL.lon, IZMIR.lat, IZMIR.lon)).toBeGreaterThan(300);
  });
});

describe('trips', () => {
  it('home is the most frequent place; days away become a trip with unlocated photos inside it', () => {
    const homeBefore = [0, 1, 2, 3, 4, 5].map((i) => photo(i * H, ISTANBUL));
    const away1 = [2 * D, 2 * D + H].map((t) => photo(t, IZMIR));
    const unlocated = photo(2 * D + 5 * H, null);
    const away2 = [3 * D, 3 * D + H, 4 * D].map((t) => photo(t, IZMIR));
    const trailingUnlocated = photo(4 * D + H, null);
    const homeAfter = [5 * D, 5 * D + H].map((t) => photo(t, ISTANBUL));
    const all = [...homeBefore, ...away1, unlocated, ...away2, trailingUnlocated, ...homeAfter];
    expect(homeOf(all)).toBe('place:ist');
    const trips = findTrips(all, homeOf(all));
    expect(trips.map((t) => ids(t.photos))).toEqual([ids([...away1, unlocated, ...away2])]);
    expect(trips[0]).toMatchObject({ firstDay: 20261003, lastDay: 20261005 });
    expect(mainPlace(trips[0]!.photos)).toBe('izm');
  });

  it('a day out is no trip; a long pause away makes two; no located photo means no home and no trips', () => {
    const home = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => photo(i * H, ISTANBUL));
    const dayOut = [D, D + H, D + 2 * H, D + 3 * H, D + 4 * H].map((t) => photo(t, IZMIR));
    expect(findTrips([...home, ...dayOut], 'place:ist')).toEqual([]);
    const first = [10 * D, 10 * D + H, 11 * D, 11 * D + H].map((t) => photo(t, IZMIR));
    const second = [20 * D, 20 * D + H, 21 * D, 21 * D + H].map((t) => photo(t, IZMIR));
    expect(findTrips([...home, ...first, ...second], 'place:ist').map((t) => ids(t.photos))).toEqual([ids(first), ids(second)]);
    expect(homeOf([photo(0, null), photo(H, null)])).toBeNull();
    expect(findTrips([photo(0, null), photo(D, null)], null)).toEqual([]);
  });

  it('where the geocoder found no place, a GPS cell stands in', () => {
    const sea = { lat: 35.01, lon: 18.02, place: null };
    expect(locationKey(photo(0, sea))).toBe(locationKey(photo(H, { lat: 35.2, lon: 18.1, place: null })));
    expect(locationKey(photo(0, sea))).not.toBe(locationKey(photo(0, { lat: 36.1, lon: 18.02, place: null })));
    expect(locationKey(photo(0, null))).toBeNull();
  });
});

describe('helpers', () => {
  it('a moment is over once nothing was taken for six hours', () => {
    const [e] = splitEvents([0, 1, 2, 3].map((i) => photo(i * 60_000, null)));
    expect(isClosed(e!, e!.end + 5 * H)).toBe(false);
    expect(isClosed(e!, e!.end + 6 * H)).toBe(true);
    expect(dayString(20260307)).toBe('2026-03-07');
  });
});
