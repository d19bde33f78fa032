// Moments of a library: events (photos close in time and place) and trips (days away from the usual places). Pure
// functions over photo facts; docs/decisions.md "For you — collages and generated albums" gives the thresholds' reasons.

import { hours } from '../../shared/time.js';

/** What grouping needs of a photo. */
export interface MomentPhoto {
  id: string;
  /** Epoch ms. */
  taken_at: number;
  /** The photo's own calendar day as YYYYMMDD (its camera's wall clock). */
  taken_day: number;
  latitude: number | null;
  longitude: number | null;
  /** The places module's place id; null without GPS or at sea. */
  place: string | null;
}

/** A run of photos in time order. */
export interface Moment<T extends MomentPhoto> {
  photos: T[];
  /** taken_at of the first and last photo. */
  start: number;
  end: number;
  firstDay: number;
  lastDay: number;
}

/** A pause this long between two photos ends an event (a night's sleep, a day at work). */
export const EVENT_GAP_MS = hours(6);
/** Consecutive photos this far apart are not the same event, however close in time (a flight, a drive to another city). */
export const EVENT_JUMP_KM = 50;
/** Fewer photos than this are a moment, not an event. */
export const EVENT_MIN_PHOTOS = 4;
/** A trip spans at least this many calendar days (a day out is an event). */
export const TRIP_MIN_DAYS = 2;
export const TRIP_MIN_PHOTOS = 4;
/** Away photos further apart than this are two trips, unless a home photo already split them. */
export const TRIP_MAX_GAP_MS = hours(48);
/** Grid of the GPS cell that stands in for a place where the geocoder found none (~25 km). */
const CELL_DEGREES = 0.25;

/** Where a photo was: its place, else its GPS cell, else unknown. */
export function locationKey(p: MomentPhoto): string | null {
  if (p.place) return `place:${p.place}`;
  if (p.latitude === null || p.longitude === null) return null;
  return `cell:${Math.floor(p.latitude / CELL_DEGREES)}:${Math.floor(p.longitude / CELL_DEGREES)}`;
}

/** "Home": the location the library has most photos at (ties: the one seen first in time); null with no location. */
export function homeOf(photos: readonly MomentPhoto[]): string | null {
  const counts = new Map<string, number>();
  for (const p of byTime(photos)) {
    const key = locationKey(p);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let home: string | null = null;
  let best = 0;
  for (const [key, n] of counts) {
    if (n > best) {
      home = key;
      best = n;
    }
  }
  return home;
}

/** Great-circle distance in kilometres. */
export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Events: photos in time order, split where the pause exceeds `gapMs` or where the photo is more than `jumpKm` from the
 * last photo with GPS; runs of fewer than `minPhotos` are dropped. Oldest first.
 */
export function splitEvents<T extends MomentPhoto>(
  photos: readonly T[],
  opts: { gapMs?: number; jumpKm?: number; minPhotos?: number } = {},
): Array<Moment<T>> {
  const gapMs = opts.gapMs ?? EVENT_GAP_MS;
  const jumpKm = opts.jumpKm ?? EVENT_JUMP_KM;
  const minPhotos = opts.minPhotos ?? EVENT_MIN_PHOTOS;
  const runs: T[][] = [];
  let run: T[] = [];
  let lastGps: { lat: number; lon: number } | null = null;
  for (const p of byTime(photos)) {
    const prev = run[run.length - 1];
    const jumped = lastGps !== null && p.latitude !== null && p.longitude !== null && distanceKm(lastGps.lat, lastGps.lon, p.latitude, p.longitude) > jumpKm;
    if (prev && (p.taken_at - prev.taken_at > gapMs || jumped)) {
      runs.push(run);
      run = [];
      lastGps = null;
    }
    run.push(p);
    if (p.latitude !== null && p.longitude !== null) lastGps = { lat: p.latitude, lon: p.longitude };
  }
  if (run.length > 0) runs.push(run);
  return runs.filter((r) => r.length >= minPhotos).map(toMoment);
}

/**
 * Trips: runs of photos taken away from `home` (a known location that is not home), ended by a photo at home or by a
 * pause longer than `maxGapMs`; photos without a location taken inside a run belong to it. A trip covers at least
 * `minDays` calendar days and `minPhotos` photos. Oldest first. No home (nothing located): no trips.
 */
export function findTrips<T extends MomentPhoto>(
  photos: readonly T[],
  home: string | null,
  opts: { minDays?: number; minPhotos?: number; maxGapMs?: number } = {},
): Array<Moment<T>> {
  if (home === null) return [];
  const minDays = opts.minDays ?? TRIP_MIN_DAYS;
  const minPhotos = opts.minPhotos ?? TRIP_MIN_PHOTOS;
  const maxGapMs = opts.maxGapMs ?? TRIP_MAX_GAP_MS;
  const trips: Array<Moment<T>> = [];
  let away: T[] = [];
  // Unlocated photos since the last away photo: they join the trip only if another away photo follows.
  let pending: T[] = [];
  const close = () => {
    if (away.length >= minPhotos) {
      const m = toMoment(away);
      if (daysBetween(m.firstDay, m.lastDay) + 1 >= minDays) trips.push(m);
    }
    away = [];
    pending = [];
  };
  for (const p of byTime(photos)) {
    const key = locationKey(p);
    if (key === null) {
      if (away.length > 0) pending.push(p);
      continue;
    }
    if (key === home) {
      close();
      continue;
    }
    const last = away[away.length - 1];
    if (last && p.taken_at - last.taken_at > maxGapMs) close();
    away.push(...pending, p);
    pending = [];
  }
  close();
  return trips;
}

/** Whether the moment is over: nothing was taken for `quietMs` after its last photo (so it will not grow any more). */
export const isClosed = (m: Moment<MomentPhoto>, at: number, quietMs = EVENT_GAP_MS) => at - m.end >= quietMs;

/** The place most of the moment's photos were taken at (ties: the earliest seen); null when none has a place. */
export function mainPlace(photos: readonly MomentPhoto[]): string | null {
  const counts = new Map<string, number>();
  for (const p of photos) if (p.place) counts.set(p.place, (counts.get(p.place) ?? 0) + 1);
  let place: string | null = null;
  let best = 0;
  for (const [id, n] of counts) {
    if (n > best) {
      place = id;
      best = n;
    }
  }
  return place;
}

/** Whether two moments share a photo (an event inside a trip). */
export function overlaps(a: Moment<MomentPhoto>, b: Moment<MomentPhoto>): boolean {
  const ids = new Set(a.photos.map((p) => p.id));
  return b.photos.some((p) => ids.has(p.id));
}

/** YYYYMMDD → "YYYY-MM-DD". */
export const dayString = (day: number) =>
  `${Math.floor(day / 10_000)}-${String(Math.floor(day / 100) % 100).padStart(2, '0')}-${String(day % 100).padStart(2, '0')}`;

const dayMs = (day: number) => Date.UTC(Math.floor(day / 10_000), (Math.floor(day / 100) % 100) - 1, day % 100);
export const daysBetween = (a: number, b: number) => Math.round((dayMs(b) - dayMs(a)) / 86_400_000);

function byTime<T extends MomentPhoto>(photos: readonly T[]): T[] {
  return [...photos].sort((a, b) => a.taken_at - b.taken_at || a.id.localeCompare(b.id));
}

function toMoment<T extends MomentPhoto>(photos: T[]): Moment<T> {
  const days = photos.map((p) => p.taken_day);
  return {
    photos,
    start: photos[0]!.taken_at,
    end: photos[photos.length - 1]!.taken_at,
    firstDay: Math.min(...days),
    lastDay: Math.max(...days),
  };
}
