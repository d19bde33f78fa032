import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobRangeNotSatisfiableError, type BlobStore } from './blob-store.js';
import { ComposedBlobStore, composedKey, joinParts, sliceParts, type Part } from './composed-blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import { bufferStream, MiB, readAll, s3Store, sha256, startS3rver } from './blob-store.fixtures.js';

// Issue 35: a composed key reads as one blob made of ranges of stored blobs, on every store, whole and by range.

function describeComposed(name: string, setup: () => Promise<{ store: BlobStore; teardown: () => Promise<void> }>): void {
  describe(`composed: ${name}`, () => {
    let inner: BlobStore;
    let teardown: () => Promise<void>;
    const compositions = new Map<string, Part[]>();
    let store: ComposedBlobStore;
    beforeAll(async () => {
      ({ store: inner, teardown } = await setup());
      store = new ComposedBlobStore(inner, async (key) => compositions.get(key) ?? []);
    });
    afterAll(() => teardown?.());

    /** Two stored blobs and a composition of three ranges of them, with the bytes it must read as. */
    async function fixture() {
      const account = randomUUID();
      const a = randomBytes(3 * MiB + 17);
      const b = randomBytes(MiB + 5);
      const aKey = `users/${account}/files/${randomUUID()}`;
      const bKey = `users/${account}/files/${randomUUID()}`;
      await store.put(aKey, bufferStream(a));
      await store.put(bKey, bufferStream(b));
      const key = composedKey(account, randomUUID());
      compositions.set(key, [
        { key: aKey, offset: 0, bytes: MiB },
        { key: bKey, offset: 5, bytes: MiB },
        { key: aKey, offset: 2 * MiB, bytes: MiB + 17 },
      ]);
      const whole = Buffer.concat([a.subarray(0, MiB), b.subarray(5, MiB + 5), a.subarray(2 * MiB)]);
      return { key, whole, aKey };
    }

    it('reads whole, by ranges across and inside parts, with the size of the whole', async () => {
      const { key, whole } = await fixture();
      const all = await store.get(key);
      expect({ size: all.size, start: all.start, end: all.end }).toEqual({ size: whole.length, start: 0, end: whole.length - 1 });
      expect(sha256(await readAll(all.stream))).toBe(sha256(whole));
      for (const [start, end] of [
        [MiB - 3, MiB + 2],
        [10, 20],
        [MiB + 100, 3 * MiB + 16],
        [3 * MiB, undefined],
        [0, 10 * MiB],
      ] as const) {
        const got = await store.get(key, { start, end });
        const want = whole.subarray(start, end === undefined ? undefined : end + 1);
        expect(got.start).toBe(start);
        expect(got.end).toBe(start + want.length - 1);
        expect(sha256(await readAll(got.stream))).toBe(sha256(want));
      }
      expect((await store.stat(key))?.size).toBe(whole.length);
      await expect(store.get(key, { start: whole.length })).rejects.toBeInstanceOf(BlobRangeNotSatisfiableError);
    });

    it('a key never composed is not found; deleting a composed key leaves its parts; it is never written', async () => {
      const { key, aKey } = await fixture();
      const missing = composedKey(randomUUID(), randomUUID());
      await expect(store.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.stat(missing)).toBeNull();
      await store.delete(key);
      expect(await store.stat(aKey)).not.toBeNull();
      await expect(store.put(key, bufferStream(Buffer.from('x')))).rejects.toThrow(/composed/);
    });

    it('a part gone or shorter than recorded fails the read instead of shifting the bytes after it', async () => {
      const { key, aKey } = await fixture();
      compositions.set(key, [...compositions.get(key)!, { key: aKey, offset: 3 * MiB, bytes: 1000 }]);
      await expect(readAll((await store.get(key)).stream)).rejects.toThrow(/gave 17 of 1000 bytes/);
      await store.delete(aKey);
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('a reader that stops early releases the part being read', async () => {
      const { key } = await fixture();
      const { stream } = await store.get(key);
      await new Promise<void>((resolve) => stream.once('readable', () => resolve()));
      stream.destroy();
      await new Promise((resolve) => setImmediate(resolve));
      expect(stream.destroyed).toBe(true);
      // The store still serves the key afterwards (no handle or socket held by the abandoned read).
      expect((await readAll((await store.get(key, { start: 0, end: 9 })).stream)).length).toBe(10);
    });
  });
}

describe('composed parts', () => {
  it('slices a range onto parts and joins contiguous ones', () => {
    const parts: Part[] = [
      { key: 'a', offset: 0, bytes: 10 },
      { key: 'b', offset: 5, bytes: 10 },
    ];
    expect(sliceParts(parts, 8, 5)).toEqual([
      { key: 'a', offset: 8, bytes: 2 },
      { key: 'b', offset: 5, bytes: 3 },
    ]);
    expect(joinParts([{ key: 'a', offset: 0, bytes: 10 }], [{ key: 'a', offset: 10, bytes: 4 }, { key: 'a', offset: 20, bytes: 1 }])).toEqual([
      { key: 'a', offset: 0, bytes: 14 },
      { key: 'a', offset: 20, bytes: 1 },
    ]);
  });
});

describeComposed('DiskBlobStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'bulut-composed-'));
  return { store: new DiskBlobStore(root), teardown: () => rm(root, { recursive: true, force: true }) };
});

describeComposed('S3BlobStore (s3rver)', async () => {
  const { server, endpoint, dir } = await startS3rver();
  const store = s3Store(endpoint);
  return {
    store,
    teardown: async () => {
      store.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
});
