import type { Readable } from 'node:stream';
import type { Expression, SqlBool } from 'kysely';
import { BlobNotFoundError } from '../../infra/blob-store/blob-store.js';
import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { Forbidden, NotFound, ValidationError } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import { days, now } from '../../shared/time.js';
import { indexEntities, unindexEntities } from '../search-index/search-index.public.js';
import type { AlbumStreamProvider, StreamAlbum } from '../albums/albums.public.js';
import { FacePipeline, type PeopleDeps } from './people.pipeline.js';
import { clearLabelledBy, familyCrop } from './people.family.repository.js';
import * as personRepo from './people.persons.repository.js';
import * as repo from './people.repository.js';
import type { PersonDto } from './people.schemas.js';
import type { PersonStatus } from './people.table.js';

const NOT_FOUND = 'Person not found.';

/** Face crop links are valid at least a day and rounded up to whole days, so a URL stays cacheable like thumbnails. */
const faceExpiry = (at: number) => Math.ceil((at + days(1)) / days(1)) * days(1);

/** The caller's people (names, merges, hiding, thumbnails), the recognition setting, and persons as album streams. */
/** Told of a merge inside its transaction: what names `from` (a live link) should name `into` from now on. */
export type MergeListener = (trx: Executor, accountId: string, from: string, into: string) => Promise<void>;

export class PeopleService implements AlbumStreamProvider {
  private readonly pipeline: FacePipeline;
  private readonly mergeListeners: MergeListener[] = [];

  constructor(private readonly d: PeopleDeps) {
    this.pipeline = new FacePipeline(d);
  }

  // --- the face pipeline (media listener, job and schedules)

  onProcessed = (...a: Parameters<FacePipeline['onProcessed']>) => this.pipeline.onProcessed(...a);
  analyse = (fileId: string) => this.pipeline.analyse(fileId);
  record = (...a: Parameters<FacePipeline['record']>) => this.pipeline.record(...a);
  reclusterAll = () => this.pipeline.reclusterAll();
  recluster = (accountId: string) => this.pipeline.recluster(accountId);
  backfill = () => this.pipeline.backfill();
  retention = () => this.pipeline.retention();

  // --- recognition setting

  async recognition(auth: AuthContext) {
    const premium = await repo.isPremium(this.d.db, auth.accountId);
    const enabled = premium && (await repo.isEnabled(this.d.db, auth.accountId));
    const progress = await repo.progress(this.d.db, auth.accountId);
    // Without premium nothing analysed is shown (data kept after premium ended is not), as for an account that never had it.
    return { premium, enabled, done: premium ? progress.done : 0, total: progress.total };
  }

  async setRecognition(auth: AuthContext, enabled: boolean) {
    if (!(await repo.isPremium(this.d.db, auth.accountId))) throw Forbidden('Face recognition is a premium feature.');
    await this.deleteAll(auth.accountId, async (trx) => {
      await repo.setEnabled(trx, auth.accountId, enabled);
      return !enabled;
    });
    // Turning it on needs nothing more: the backfill schedule queues every photo without a scan.
    return this.recognition(auth);
  }

  private deleteAll(accountId: string, first: (trx: Executor) => Promise<boolean>, withSetting = false): Promise<void> {
    return this.pipeline.deleteAll(accountId, first, withSetting);
  }

  async purgeAccount(accountId: string): Promise<void> {
    await this.deleteAll(accountId, async () => true, true);
    // The names it gave family persons stay the family's (issue 35); who gave them no longer names the account.
    await clearLabelledBy(this.d.db, accountId);
  }

  /** Face data is shown only to premium accounts: kept data of an account whose premium ended is answered as none. */
  private showsFaces(accountId: string): Promise<boolean> {
    return repo.isPremium(this.d.db, accountId);
  }

  private async requireShown(accountId: string): Promise<void> {
    if (!(await this.showsFaces(accountId))) throw NotFound(NOT_FOUND);
  }

  /** Another module follows merges (public links to a person follow it into the survivor); the app wires it. */
  onMerged(listener: MergeListener): void {
    this.mergeListeners.push(listener);
  }

  // --- people

  async page(auth: AuthContext, q: { pageSize: number; pageNumber: number; status: PersonStatus }) {
    if (!(await this.showsFaces(auth.accountId))) return { people: [], total: 0, pageNumber: q.pageNumber, pageSize: q.pageSize };
    const { rows, total } = await personRepo.listPersons(this.d.db, auth.accountId, q.status, q.pageNumber, q.pageSize);
    return { people: await this.toDtos(auth.accountId, rows), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
  }

  async get(auth: AuthContext, personId: string): Promise<PersonDto> {
    await this.requireShown(auth.accountId);
    const row = await personRepo.personWithCounts(this.d.db, auth.accountId, personId);
    if (!row) throw NotFound(NOT_FOUND);
    return (await this.toDtos(auth.accountId, [row]))[0]!;
  }

  async rename(auth: AuthContext, personId: string, raw: string): Promise<PersonDto> {
    const label = validateName(raw, 'label');
    await this.write(auth.accountId, [personId], { label, label_key: nameKey(label) });
    return this.get(auth, personId);
  }

  async update(auth: AuthContext, personId: string, body: { label?: string; hidden?: boolean; mergeInto?: string }): Promise<PersonDto> {
    if (body.mergeInto !== undefined) {
      if (body.mergeInto === personId) throw ValidationError('A person cannot be merged into itself.', 'mergeInto');
      await this.merge(auth.accountId, personId, body.mergeInto);
      personId = body.mergeInto;
    }
    if (body.label !== undefined) await this.rename(auth, personId, body.label);
    if (body.hidden !== undefined) await this.setStatus(auth.accountId, [personId], body.hidden ? 'HIDDEN' : 'ACTIVE');
    return this.get(auth, personId);
  }

  /** All faces of `from` go to `into`; `into` keeps its name, or takes `from`'s when it has none. */
  private async merge(accountId: string, from: string, into: string): Promise<void> {
    await this.requireShown(accountId);
    await this.d.db.transaction().execute(async (trx) => {
      const persons = await personRepo.getPersons(trx, accountId, [from, into]);
      const source = persons.find((p) => p.id === from);
      const target = persons.find((p) => p.id === into);
      if (!source || !target) throw NotFound(NOT_FOUND);
      await personRepo.mergePerson(trx, from, into);
      for (const listener of this.mergeListeners) await listener(trx, accountId, from, into);
      await unindexEntities(trx, 'person', [from]);
      const at = now();
      if (target.label === null && source.label !== null) {
        await personRepo.updatePerson(trx, accountId, [into], { label: source.label, label_key: source.label_key }, at);
      } else await personRepo.updatePerson(trx, accountId, [into], {}, at);
      await this.reindex(trx, accountId, [into]);
    });
  }

  async setStatus(accountId: string, ids: string[], status: PersonStatus): Promise<void> {
    await this.write(accountId, ids, { status });
  }

  async setVisibility(auth: AuthContext, body: { hidden: string[]; visible: string[] }): Promise<void> {
    await this.write(auth.accountId, body.hidden, { status: 'HIDDEN' });
    await this.write(auth.accountId, body.visible, { status: 'ACTIVE' });
  }

  async setThumbnail(auth: AuthContext, personId: string, fileId: string): Promise<PersonDto> {
    await this.requireShown(auth.accountId);
    const face = await personRepo.faceOfPersonInPhoto(this.d.db, personId, fileId);
    if (!face) throw ValidationError('The person is not on this photo.', 'uuid');
    await this.write(auth.accountId, [personId], { thumbnail_face_id: face.id });
    return this.get(auth, personId);
  }

  /** "Not this person" for the person's faces on these photos: they leave it and never come back to it. */
  async removePhotos(auth: AuthContext, personId: string, fileIds: string[]): Promise<PersonDto> {
    await this.requireShown(auth.accountId);
    await this.d.db.transaction().execute(async (trx) => {
      if ((await personRepo.getPersons(trx, auth.accountId, [personId])).length === 0) throw NotFound(NOT_FOUND);
      await repo.rejectPhotos(trx, personId, fileIds);
      await personRepo.updatePerson(trx, auth.accountId, [personId], {}, now());
    });
    return this.get(auth, personId);
  }

  async peopleInPhoto(auth: AuthContext, fileId: string) {
    if (!(await this.showsFaces(auth.accountId))) return { people: [] };
    const rows = await repo.facesInPhoto(this.d.db, auth.accountId, fileId);
    return {
      people: rows.map((r) => ({
        personId: r.person_id,
        label: r.label,
        thumbnailUrl: r.crop_key ? this.faceUrl(auth.accountId, r.id) : null,
        box: { x: r.box_x, y: r.box_y, width: r.box_w, height: r.box_h },
      })),
    };
  }

  /** The crop behind a signed face URL; anything wrong is the same 404. */
  async openFace(token: string): Promise<Readable> {
    const claims = await this.d.signer.verify('face', token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.f !== 'string') throw NotFound('Not found.');
    // A family person's face (issue 35): shown while it counts for that family, whatever its adder's own premium.
    const row =
      typeof claims.fam === 'string'
        ? await familyCrop(this.d.db, claims.fam, claims.f)
        : (await this.showsFaces(claims.a))
          ? await repo.cropOf(this.d.db, claims.a, claims.f)
          : undefined;
    if (!row?.crop_key) throw NotFound('Not found.');
    try {
      return (await this.d.blobs.get(row.crop_key)).stream;
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw NotFound('Not found.');
      throw err;
    }
  }

  // --- album stream (album/person)

  async album(accountId: string, id: string): Promise<StreamAlbum | null> {
    if (!(await this.showsFaces(accountId))) return null;
    const row = await personRepo.personWithCounts(this.d.db, accountId, id);
    if (!row) return null;
    const cover = (await personRepo.thumbnails(this.d.db, [row])).get(row.id);
    return toStreamAlbum(row, cover?.fileId ?? null);
  }

  async list(accountId: string, q: { status: PersonStatus; page: number; size: number }) {
    if (!(await this.showsFaces(accountId))) return { albums: [], total: 0 };
    const { rows, total } = await personRepo.listPersons(this.d.db, accountId, q.status, q.page, q.size);
    const covers = await personRepo.thumbnails(this.d.db, rows);
    return { albums: rows.map((r) => toStreamAlbum(r, covers.get(r.id)?.fileId ?? null)), total };
  }

  shown(id: Expression<unknown>): Expression<SqlBool> {
    return personRepo.shownPerson(this.d.db, id);
  }

  async fileIds(accountId: string, id: string, q: { page: number; size: number; sortOrder: 'ASC' | 'DESC' }) {
    if (!(await this.showsFaces(accountId))) return { ids: [], total: 0 };
    return personRepo.photoIds(this.d.db, accountId, id, q);
  }

  // --- helpers

  /** Updates the caller's persons and their search entries together; an id that is not the caller's is a 404. */
  private async write(accountId: string, ids: string[], patch: Parameters<typeof personRepo.updatePerson>[3]): Promise<void> {
    if (ids.length === 0) return;
    await this.requireShown(accountId);
    await this.d.db.transaction().execute(async (trx) => {
      const unique = [...new Set(ids)];
      if ((await personRepo.getPersons(trx, accountId, unique)).length !== unique.length) throw NotFound(NOT_FOUND);
      await personRepo.updatePerson(trx, accountId, unique, patch, now());
      await this.reindex(trx, accountId, unique);
    });
  }

  /** Only named people are findable: unnamed ones have no search entry. */
  private async reindex(trx: Executor, accountId: string, ids: string[]): Promise<void> {
    const persons = await personRepo.getPersons(trx, accountId, ids);
    const named = persons.filter((p) => p.label !== null);
    await unindexEntities(trx, 'person', persons.filter((p) => p.label === null).map((p) => p.id));
    await indexEntities(
      trx,
      named.map((p) => ({ kind: 'person', id: p.id, owner: accountId, names: [p.label!], label: p.label!, status: p.status, modifiedAt: Number(p.modified_at) })),
    );
  }

  private async toDtos(accountId: string, rows: personRepo.PersonRow[]): Promise<PersonDto[]> {
    const thumbs = await personRepo.thumbnails(this.d.db, rows);
    return rows.map((r) => {
      const t = thumbs.get(r.id);
      return {
        personId: r.id,
        label: r.label,
        thumbnailUuid: t?.fileId ?? null,
        thumbnailUrl: t ? this.faceUrl(accountId, t.faceId) : null,
        photoCount: r.photos,
        status: r.status,
      };
    });
  }

  private faceUrl(accountId: string, faceId: string): string {
    return faceUrl(this.d.signer, accountId, faceId);
  }

}

/** A signed face-crop URL, under the account that owns the face (the family's people sign under each face's adder). */
export const faceUrl = (signer: PeopleDeps['signer'], accountId: string, faceId: string, familyId?: string): string =>
  `/api/person/face/${signer.signNow('face', { a: accountId, f: faceId, e: faceExpiry(now()), ...(familyId ? { fam: familyId } : {}) })}`;

const toStreamAlbum = (r: personRepo.PersonRow, coverFileId: string | null): StreamAlbum => ({
  id: r.id,
  label: r.label ?? '',
  status: r.status,
  coverFileId,
  imageCount: r.images,
  videoCount: r.videos,
  createdAt: r.created_at,
  modifiedAt: r.modified_at,
});
