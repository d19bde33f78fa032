import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Executor } from '../../infra/db/executor.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import { familyMemberOf, notInFamily } from '../family/family.public.js';
import { decodeDescriptor, group, type ClusterFace } from './people.cluster.js';
import * as repo from './people.family.repository.js';
import type { FamilyPersonDto } from './people.family.schemas.js';
import type { PeopleDeps } from './people.pipeline.js';
import { faceUrl } from './people.service.js';

type Auth = Pick<AuthContext, 'accountId'>;
const NOT_FOUND = 'Person not found.';
/** Families grouped per schedule run, each in its own transaction. */
const GROUP_BATCH = 50;

/**
 * People of the family library (issue 35): the family's own grouping of the faces found on its library's photos, by
 * the same rule as a personal library (people.cluster.ts), with names any member gives and every member sees. The
 * faces are their adders' rows (found under the family's premium and each adder's own recognition setting); a
 * member's private names never reach the family. See docs/decisions.md.
 */
export class FamilyPeopleService {
  private readonly now: () => number;
  constructor(private readonly d: PeopleDeps) {
    this.now = d.clock ?? Date.now;
  }

  async page(auth: Auth, q: { pageSize: number; pageNumber: number }) {
    const familyId = await this.familyOf(auth);
    const { rows, total } = await repo.listPersons(this.d.db, familyId, q.pageNumber, q.pageSize);
    return { people: await this.toDtos(familyId, rows), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
  }

  async get(auth: Auth, personId: string): Promise<FamilyPersonDto> {
    const familyId = await this.familyOf(auth);
    return this.dto(familyId, personId);
  }

  async rename(auth: Auth, personId: string, raw: string): Promise<FamilyPersonDto> {
    const label = validateName(raw, 'label');
    const familyId = await this.familyOf(auth);
    await this.d.db.transaction().execute(async (trx) => {
      await this.requirePersons(trx, familyId, [personId]);
      await repo.updatePerson(trx, familyId, personId, { label, label_key: nameKey(label), labelled_by: auth.accountId }, this.now());
    });
    return this.dto(familyId, personId);
  }

  /** All faces of `from` go to `into`; `into` keeps its name, or takes `from`'s when it has none. */
  async merge(auth: Auth, from: string, into: string): Promise<FamilyPersonDto> {
    if (from === into) throw ValidationError('A person cannot be merged into itself.', 'into');
    const familyId = await this.familyOf(auth);
    await this.d.db.transaction().execute(async (trx) => {
      const persons = await this.requirePersons(trx, familyId, [from, into]);
      const source = persons.find((p) => p.id === from)!;
      const target = persons.find((p) => p.id === into)!;
      await repo.mergePerson(trx, familyId, from, into);
      const name = target.label === null && source.label !== null ? { label: source.label, label_key: source.label_key, labelled_by: source.labelled_by } : {};
      await repo.updatePerson(trx, familyId, into, name, this.now());
    });
    return this.dto(familyId, into);
  }

  /**
   * "Not this person": the person's faces on these photos leave it at once and never join it again (the family's
   * grouping only; the adders' own people are untouched). A person left with no face goes: `person` is then null.
   */
  async removePhotos(auth: Auth, personId: string, fileIds: string[]): Promise<{ person: FamilyPersonDto | null }> {
    const familyId = await this.familyOf(auth);
    const unique = [...new Set(fileIds)];
    const gone = await this.d.db.transaction().execute(async (trx) => {
      await this.requirePersons(trx, familyId, [personId]);
      const faces = await repo.facesOnPhotos(trx, familyId, personId, unique);
      if (new Set(faces.map((f) => f.file_id)).size !== unique.length) throw ValidationError('The person is not on this photo.', 'uuids');
      await repo.rejectFaces(trx, familyId, personId, faces.map((f) => f.id));
      const left = await repo.personWithCount(trx, familyId, personId);
      if (left && left.photos > 0) {
        await repo.updatePerson(trx, familyId, personId, {}, this.now());
        return false;
      }
      await repo.deletePerson(trx, familyId, personId);
      return true;
    });
    return { person: gone ? null : await this.dto(familyId, personId) };
  }

  /** Schedule: groups the new faces of every family that has some and drops the faces that left (bounded batch). */
  async groupAll(): Promise<number> {
    const families = await repo.familiesToGroup(this.d.db, GROUP_BATCH);
    for (const familyId of families) await this.group(familyId);
    return families.length;
  }

  /** One family: faces that no longer count leave its persons, then its ungrouped faces are grouped, in one transaction. */
  async group(familyId: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await repo.dropStale(trx, familyId);
      const faces = await repo.familyFaces(trx, familyId);
      const pending = faces.filter((f) => f.person_id === null).map((f) => f.id);
      if (pending.length === 0) return;
      const rejected = await repo.rejections(trx, familyId);
      const all: ClusterFace[] = faces.map((f) => ({
        id: f.id,
        personId: f.person_id,
        descriptor: decodeDescriptor(f.descriptor),
        rejected: rejected.get(f.id) ?? new Set(),
      }));
      const { joins, created } = group(all, pending, this.d.matchDistance, randomUUID, { rejectedApart: true });
      // New persons first: a later face of this run may join one of them (its row needs the person to exist).
      const at = this.now();
      for (const members of created) {
        const personId = all.find((f) => f.id === members[0])!.personId!;
        await repo.createPerson(trx, { id: personId, familyId, at });
        await repo.assign(trx, familyId, personId, members);
      }
      const byPerson = new Map<string, string[]>();
      for (const [face, person] of joins) byPerson.set(person, [...(byPerson.get(person) ?? []), face]);
      for (const [person, ids] of byPerson) await repo.assign(trx, familyId, person, ids);
    });
  }

  private async familyOf(auth: Auth): Promise<string> {
    const member = await familyMemberOf(this.d.db, auth.accountId);
    if (!member) throw notInFamily();
    return member.family_id;
  }

  private async requirePersons(trx: Executor, familyId: string, ids: string[]) {
    const rows = await repo.getPersons(trx, familyId, ids);
    if (rows.length !== new Set(ids).size) throw NotFound(NOT_FOUND);
    return rows;
  }

  private async dto(familyId: string, personId: string): Promise<FamilyPersonDto> {
    const row = await repo.personWithCount(this.d.db, familyId, personId);
    if (!row) throw NotFound(NOT_FOUND);
    return (await this.toDtos(familyId, [row]))[0]!;
  }

  private async toDtos(familyId: string, rows: repo.FamilyPersonRow[]): Promise<FamilyPersonDto[]> {
    const thumbs = await repo.thumbnails(this.d.db, familyId, rows.map((r) => r.id));
    return rows.map((r) => {
      const t = thumbs.get(r.id);
      return {
        personId: r.id,
        label: r.label,
        thumbnailUuid: t?.fileId ?? null,
        thumbnailUrl: t ? faceUrl(this.d.signer, t.accountId, t.faceId, familyId) : null,
        photoCount: r.photos,
      };
    });
  }
}
