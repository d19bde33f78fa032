// Generated albums (For you, kind ALBUM): trips, big events and the best of a named person, offered as albums the
// user can keep; keeping one makes an ordinary album through the albums module.
import type { AlbumsService } from '../albums/albums.public.js';
import type { FileRow } from '../files/files.public.js';
import { namedPeople } from '../people/people.public.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import type { Auth, ForyouGenerator, GenerateContext, GeneratorDeps, Saved } from './foryou.generator.js';
import { eventParams, loadLibrary, type Library, type LibraryPhoto } from './foryou.library.js';
import { dayString, isClosed, mainPlace, overlaps, type Moment } from './foryou.moments.js';
import * as kinds from './foryou.kinds.repository.js';
import * as repo from './foryou.repository.js';
import { pickBest } from './foryou.service.js';
import type { ForyouTitleDto } from './foryou.schemas.js';
import type { ForyouItemRow } from './foryou.table.js';

/** Photos in a generated album at most: the best ones, shown in time order. */
export const ALBUM_MAX_PHOTOS = 50;
/** Trips and events that ended this long ago at most are offered (a new account's old years are not flooded). */
export const ALBUM_RECENT_DAYS = 365;
/** An event becomes an album from this many photos (smaller ones get a collage). */
export const EVENT_ALBUM_MIN_PHOTOS = 8;
/** A named person gets a best-of album from this many photos. */
export const PERSON_ALBUM_MIN_PHOTOS = 4;
/** Albums one run offers at most (each is a few queries; the rest come on later runs). */
export const ALBUMS_PER_RUN = 5;
/** Named people looked at per run. */
const PEOPLE_LIMIT = 100;

interface Candidate {
  key: string;
  title: ForyouTitleDto;
  photos: LibraryPhoto[];
}

export class AlbumGenerator implements ForyouGenerator {
  readonly kind = 'ALBUM' as const;

  constructor(private readonly d: GeneratorDeps & { albums: Pick<AlbumsService, 'createWithPhotos'> }) {}

  async generate(ctx: GenerateContext): Promise<number> {
    const before = process.cpuUsage();
    const lib = await loadLibrary(this.d.db, ctx.accountId, ctx.at);
    const candidates = [...this.trips(lib, ctx.at), ...this.events(lib, ctx.at), ...(await this.people(lib, ctx.accountId))];
    const existing = await kinds.existingKeys(this.d.db, ctx.accountId, 'ALBUM', candidates.map((c) => c.key));
    let made = 0;
    for (const c of candidates) {
      if (made >= ALBUMS_PER_RUN) break;
      if (existing.has(c.key)) continue;
      const chosen = pickBest(c.photos, (p) => p.rank, ALBUM_MAX_PHOTOS);
      const inOrder = [...chosen].sort((a, b) => a.taken_at - b.taken_at || a.id.localeCompare(b.id));
      const inserted = await repo.insertItem(
        this.d.db,
        {
          id: newId(),
          account_id: ctx.accountId,
          kind: 'ALBUM',
          status: 'NEW',
          key: c.key,
          title_params: JSON.stringify(c.title),
          cover_file_id: chosen[0]!.id,
          result_key: null,
          created_at: ctx.at,
          expires_at: null,
        },
        inOrder.map((p) => p.id),
      );
      if (inserted) made++;
    }
    const used = process.cpuUsage(before);
    await ctx.budget.charge((used.user + used.system) / 1000);
    return made;
  }

  /** An ordinary album of the item's live photos, named in the user's language when the web sends a name. */
  async save(auth: Auth, item: ForyouItemRow, photos: readonly FileRow[], input?: { name?: string }): Promise<Saved> {
    const album = await this.d.albums.createWithPhotos(auth, {
      label: input?.name ?? defaultLabel(JSON.parse(item.title_params) as ForyouTitleDto),
      fileIds: photos.map((p) => p.id),
      coverFileId: item.cover_file_id ?? undefined,
    });
    return { albumId: album.uuid };
  }

  /** Trips over and recent, newest first, named after their main place (a trip with no named place is left out). */
  private trips(lib: Library, at: number): Candidate[] {
    return lib.trips
      .filter((t) => isClosed(t, at, days(1)) && t.end >= at - days(ALBUM_RECENT_DAYS))
      .reverse()
      .flatMap((t) => {
        const placeId = mainPlace(t.photos);
        const place = lib.placeName(placeId);
        if (!place || !placeId) return [];
        return [{ key: `trip:${dayString(t.firstDay)}:${placeId}`, title: { key: 'trip', params: { place, placeId, date: dayString(t.firstDay), endDate: dayString(t.lastDay) } }, photos: t.photos }];
      });
  }

  /** Big events that are over, recent and not part of a trip (the trip's album has them), newest first. */
  private events(lib: Library, at: number): Candidate[] {
    return lib.events
      .filter((e) => e.photos.length >= EVENT_ALBUM_MIN_PHOTOS && isClosed(e, at) && e.end >= at - days(ALBUM_RECENT_DAYS))
      .filter((e) => !lib.trips.some((t) => overlaps(t, e)))
      .reverse()
      .map((e: Moment<LibraryPhoto>) => ({ key: `event:${e.photos[0]!.id}`, title: { key: 'event', params: eventParams(lib, e) }, photos: e.photos }));
  }

  /** The best photos of each named person (premium accounts only: the people module answers none otherwise). */
  private async people(lib: Library, accountId: string): Promise<Candidate[]> {
    const byId = new Map(lib.photos.map((p) => [p.id, p]));
    return (await namedPeople(this.d.db, accountId, PEOPLE_LIMIT)).flatMap((person) => {
      const photos = person.fileIds.flatMap((id) => byId.get(id) ?? []);
      if (photos.length < PERSON_ALBUM_MIN_PHOTOS) return [];
      return [{ key: `person:${person.id}`, title: { key: 'person', params: { name: person.name } }, photos }];
    });
  }
}

/** The album's name when the web sends none: the title's values, which read the same in every language. */
function defaultLabel(title: ForyouTitleDto): string {
  const p = title.params;
  const dates = p.endDate && p.endDate !== p.date ? `${p.date} – ${p.endDate}` : String(p.date ?? '');
  if (title.key === 'person') return String(p.name);
  return [p.place, dates].filter(Boolean).join(' ');
}
