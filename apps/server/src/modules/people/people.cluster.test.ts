import { describe, expect, it } from 'vitest';
import { decodeDescriptor, distance, encodeDescriptor, group, type ClusterFace } from './people.cluster.js';
import { descriptor, TEST_MATCH_DISTANCE } from './people.fixtures.js';

let next = 0;
const face = (who: number, jitter: number, personId: string | null = null, rejected: string[] = []): ClusterFace => ({
  id: `f${next++}`,
  personId,
  descriptor: decodeDescriptor(encodeDescriptor(descriptor(who, jitter))),
  rejected: new Set(rejected),
});
const ids = (faces: ClusterFace[]) => faces.map((f) => f.id);
let persons = 0;
const newPerson = () => `p${persons++}`;

describe('face grouping', () => {
  it('stores descriptors as Float32 little-endian and reads them back', () => {
    const bytes = encodeDescriptor([1, -0.5, 0.25]);
    expect(bytes.length).toBe(12);
    expect(bytes.readFloatLE(4)).toBe(-0.5);
    expect([...decodeDescriptor(bytes)]).toEqual([1, -0.5, 0.25]);
  });

  it('puts three faces of one person into one new person and another person\'s into another', () => {
    const a = [face(0, 1), face(0, 2), face(0, 3)];
    const b = [face(1, 1), face(1, 2), face(1, 3)];
    expect(distance(a[0]!.descriptor, a[1]!.descriptor)).toBeLessThan(TEST_MATCH_DISTANCE);
    expect(distance(a[0]!.descriptor, b[0]!.descriptor)).toBeGreaterThan(TEST_MATCH_DISTANCE);
    const all = [...a, ...b];
    const { created, joins } = group(all, ids(all), TEST_MATCH_DISTANCE, newPerson);
    expect(joins.size).toBe(0);
    expect(created.map((g) => [...g].sort())).toEqual([ids(a).sort(), ids(b).sort()]);
    expect(new Set(a.map((f) => f.personId)).size).toBe(1);
    expect(a[0]!.personId).not.toBe(b[0]!.personId);
  });

  it('leaves two lone faces unassigned (a person needs three faces or a name)', () => {
    const all = [face(2, 1), face(2, 2)];
    expect(group(all, ids(all), TEST_MATCH_DISTANCE, newPerson)).toEqual({ joins: new Map(), created: [] });
    expect(all.every((f) => f.personId === null)).toBe(true);
  });

  it('joins a new face to the nearest assigned face, never to a person it was rejected from', () => {
    const known = [face(3, 1, 'anna'), face(3, 2, 'anna')];
    const newcomer = face(3, 4);
    const refused = face(3, 5, null, ['anna']);
    const all = [...known, newcomer, refused];
    const { joins, created } = group(all, [newcomer.id, refused.id], TEST_MATCH_DISTANCE, newPerson);
    expect(joins).toEqual(new Map([[newcomer.id, 'anna']]));
    expect(created).toEqual([]);
    expect(refused.personId).toBeNull();
  });
});
