// An account's recent library as the collage and album generators see it: eligible photos with their rank and place,
// grouped into events and trips (foryou.moments.ts).
import type { Executor } from '../../infra/db/executor.js';
import { days } from '../../shared/time.js';
import { faceCounts } from '../people/people.public.js';
import { placesOfFiles } from '../places/places.public.js';
import * as kinds from './foryou.kinds.repository.js';
import { dayString, findTrips, homeOf, mainPlace, splitEvents, type Moment, type MomentPhoto } from './foryou.moments.js';
import { rank } from './foryou.service.js';

/** How far back moments are looked for (a year and a bit, so last year's trip still has its home around it). */
export const LIBRARY_DAYS = 400;
/** Photos read per run at most (newest first). */
export const LIBRARY_LIMIT = 10_000;

export interface LibraryPhoto extends kinds.LibraryPhoto, MomentPhoto {
  rank: number;
}

export interface Library {
  photos: LibraryPhoto[];
  home: string | null;
  events: Array<Moment<LibraryPhoto>>;
  trips: Array<Moment<LibraryPhoto>>;
  placeName(placeId: string | null): string | null;
}

export async function loadLibrary(db: Executor, accountId: string, at: number): Promise<Library> {
  const found = await kinds.libraryPhotos(db, accountId, at - days(LIBRARY_DAYS), LIBRARY_LIMIT);
  const ids = found.map((p) => p.id);
  const places = await placesOfFiles(db, accountId, ids);
  const faces = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 1_000) for (const [id, n] of await faceCounts(db, ids.slice(i, i + 1_000))) faces.set(id, n);
  const names = new Map<string, string>();
  for (const p of places.values()) names.set(p.placeId, p.name);
  const photos: LibraryPhoto[] = found.map((p) => ({ ...p, place: places.get(p.id)?.placeId ?? null, rank: rank(p.score, faces.get(p.id) ?? 0) }));
  const home = homeOf(photos);
  return {
    photos,
    home,
    events: splitEvents(photos),
    trips: findTrips(photos, home),
    placeName: (id) => (id === null ? null : (names.get(id) ?? null)),
  };
}

/** An event's title values: its day (and last day when it runs past midnight) and, when known, its place and place id. */
export function eventParams(lib: Library, m: Moment<LibraryPhoto>): Record<string, string> {
  const params: Record<string, string> = { date: dayString(m.firstDay) };
  if (m.lastDay !== m.firstDay) params.endDate = dayString(m.lastDay);
  const placeId = mainPlace(m.photos);
  const place = lib.placeName(placeId);
  // The id lets each reader see the place in their own language (foryou.items.ts); the name is the fallback.
  if (place && placeId) Object.assign(params, { place, placeId });
  return params;
}
