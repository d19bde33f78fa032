/** Descriptors are stored as Float32 little-endian, whatever the machine's byte order. */
export function encodeDescriptor(values: readonly number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => out.writeFloatLE(v, i * 4));
  return out;
}

export function decodeDescriptor(bytes: Uint8Array): Float32Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(buf.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = buf.readFloatLE(i * 4);
  return out;
}

export function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

export interface ClusterFace {
  id: string;
  personId: string | null;
  descriptor: Float32Array;
  /** Persons this face was rejected from ("not this person"); it never joins them again. */
  rejected: ReadonlySet<string>;
}

/**
 * Faces that form a new person need this many faces within the distance, the face itself included (DBSCAN core).
 * Two: the issue asks that two photos of someone make a person, as Google Photos does; one lone face never does.
 */
export const MIN_POINTS = 2;

export type Grouping = { joins: Map<string, string>; created: string[][] };

/**
 * Incremental grouping of the given faces into an account's faces (mutated in place): a face joins the person of the
 * nearest assigned face within `maxDistance` (persons it was rejected from excepted); otherwise, when it and at least
 * MIN_POINTS - 1 other unassigned faces lie within the distance, they become a new person together. Returns the joins
 * (face → existing person) and the new groups (face ids); the caller creates the persons.
 */
export function group(
  all: ClusterFace[],
  faceIds: readonly string[],
  maxDistance: number,
  newPersonId: () => string,
  /**
   * The family's rule (issue 35): two faces rejected from the same person do not start a person together, so the faces
   * taken out of a person that then went (it had no face left) do not come back as the same group under a new id.
   */
  { rejectedApart = false }: { rejectedApart?: boolean } = {},
): Grouping {
  const byId = new Map(all.map((f) => [f.id, f]));
  const joins = new Map<string, string>();
  const created: string[][] = [];
  for (const id of faceIds) {
    const face = byId.get(id);
    if (!face || face.personId !== null) continue;
    let best: ClusterFace | null = null;
    let bestDistance = maxDistance;
    const free: ClusterFace[] = [];
    for (const other of all) {
      if (other === face) continue;
      const d = distance(face.descriptor, other.descriptor);
      if (d >= maxDistance) continue;
      if (other.personId === null) {
        if (!rejectedApart || !sharesRejection(face, other)) free.push(other);
      } else if (!face.rejected.has(other.personId) && d < bestDistance) {
        best = other;
        bestDistance = d;
      }
    }
    if (best) {
      face.personId = best.personId;
      joins.set(face.id, best.personId!);
    } else if (free.length + 1 >= MIN_POINTS) {
      const personId = newPersonId();
      const members = [face, ...free];
      for (const m of members) m.personId = personId;
      created.push(members.map((m) => m.id));
    }
  }
  return { joins, created };
}

function sharesRejection(a: ClusterFace, b: ClusterFace): boolean {
  for (const id of a.rejected) if (b.rejected.has(id)) return true;
  return false;
}
