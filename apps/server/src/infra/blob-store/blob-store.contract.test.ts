import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobRangeNotSatisfiableError, BlobTooLargeError, InvalidBlobKeyError } from './blob-store.js';
import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import {
  bufferStream,
  chunks,
  failingStream,
  generatedSha256,
  generatedStream,
  type Harness,
  MiB,
  readAll,
  s3Store,
  sha256,
  startS3rver,
  streamSha256,
  truncatedStream,
} from './blob-store.fixtures.js';

// One contract, run against every implementation below.
// ---- the contract --------------------------------------------------------------------------

function describeBlobStore(name: string, setup: () => Promise<Harness>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let h: Harness;
    let store: BlobStore;
    beforeAll(async () => {
      h = await setup();
      store = h.store;
    });
    afterAll(async () => {
      await h?.teardown();
    });

    // Every test works under its own user prefix, so tests cannot see each other's blobs.
    const userPrefix = () => `users/${randomUUID()}`;
    const fileKey = (prefix = userPrefix()) => `${prefix}/files/${randomUUID()}`;

    async function expectNoLeftovers(): Promise<void> {
      if (!h.stagingLeftovers) return;
      // Give a straggling file open (one that outlives the rejected put) time to show up.
      await sleep(50);
      expect(await h.stagingLeftovers()).toEqual([]);
    }

    it('ping succeeds', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('put/get roundtrip; sha256 matches node:crypto', async () => {
      const key = fileKey();
      const data = randomBytes(10_000);
      const put = await store.put(key, bufferStream(data), { contentType: 'image/jpeg' });
      expect(put).toEqual({ size: data.length, sha256: sha256(data) });

      const got = await store.get(key);
      expect({ size: got.size, start: got.start, end: got.end }).toEqual({ size: 10_000, start: 0, end: 9_999 });
      expect((await readAll(got.stream)).equals(data)).toBe(true);
      expect(await store.stat(key)).toEqual({ size: 10_000 });
    });

    it('stores an empty blob', async () => {
      const key = fileKey();
      expect(await store.put(key, bufferStream(Buffer.alloc(0)))).toEqual({ size: 0, sha256: sha256(Buffer.alloc(0)) });
      const got = await store.get(key);
      expect({ size: got.size, start: got.start, end: got.end }).toEqual({ size: 0, start: 0, end: -1 });
      expect((await readAll(got.stream)).length).toBe(0);
      expect(await store.stat(key)).toEqual({ size: 0 });
      await expect(store.get(key, { start: 0 })).rejects.toBeInstanceOf(BlobRangeNotSatisfiableError);
    });

    it('put overwrites an existing blob', async () => {
      const key = fileKey();
      await store.put(key, bufferStream(Buffer.from('first version')));
      await store.put(key, bufferStream(Buffer.from('second')));
      expect((await readAll((await store.get(key)).stream)).toString()).toBe('second');
    });

    it('roundtrips a 20 MB streamed body', async () => {
      const key = fileKey();
      const total = 20 * 1000 * 1000;
      const expected = generatedSha256(total);
      expect(await store.put(key, generatedStream(total))).toEqual({ size: total, sha256: expected });
      expect(await store.stat(key)).toEqual({ size: total });
      const got = await store.get(key);
      expect(got.size).toBe(total);
      expect(await streamSha256(got.stream)).toEqual({ sha256: expected, bytes: total });
    });

    describe('range reads', () => {
      const data = Buffer.from('0123456789abcdefghij'); // 20 bytes
      let key: string;
      beforeAll(async () => {
        key = fileKey();
        await store.put(key, bufferStream(data));
      });

      it('start only: to the end', async () => {
        const got = await store.get(key, { start: 15 });
        expect({ size: got.size, start: got.start, end: got.end }).toEqual({ size: 20, start: 15, end: 19 });
        expect((await readAll(got.stream)).toString()).toBe('fghij');
      });

      it('start-end: inclusive end', async () => {
        const got = await store.get(key, { start: 2, end: 5 });
        expect({ size: got.size, start: got.start, end: got.end }).toEqual({ size: 20, start: 2, end: 5 });
        expect((await readAll(got.stream)).toString()).toBe('2345');
      });

      it('single byte and end clamped to the last byte', async () => {
        expect((await readAll((await store.get(key, { start: 0, end: 0 })).stream)).toString()).toBe('0');
        const got = await store.get(key, { start: 18, end: 1_000 });
        expect({ start: got.start, end: got.end }).toEqual({ start: 18, end: 19 });
        expect((await readAll(got.stream)).toString()).toBe('ij');
      });

      it('start past the end → BlobRangeNotSatisfiableError carrying the size', async () => {
        const err = await store.get(key, { start: 20 }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(BlobRangeNotSatisfiableError);
        expect((err as BlobRangeNotSatisfiableError).size).toBe(20);
      });

      it('malformed ranges are argument errors', async () => {
        await expect(store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.get(key, { start: -1 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.get(key, { start: 1.5 })).rejects.toBeInstanceOf(RangeError);
      });

      it('range on a big blob streams only the requested bytes', async () => {
        const big = fileKey();
        const total = 9 * MiB;
        await store.put(big, generatedStream(total));
        const all = Buffer.concat([...chunks(total)]);
        const got = await store.get(big, { start: 8 * MiB - 10, end: 8 * MiB + 9 });
        expect((await readAll(got.stream)).equals(all.subarray(8 * MiB - 10, 8 * MiB + 10))).toBe(true);
      });
    });

    it('missing blobs: stat → null, get → BlobNotFoundError', async () => {
      const key = fileKey();
      expect(await store.stat(key)).toBeNull();
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.get(key, { start: 0, end: 10 })).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('a prefix of existing keys is not a blob', async () => {
      const prefix = userPrefix();
      await store.put(fileKey(prefix), bufferStream(Buffer.from('x')));
      expect(await store.stat(`${prefix}/files`)).toBeNull();
      await expect(store.get(`${prefix}/files`)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.delete(`${prefix}/files`)).resolves.toBeUndefined();
    });

    it('delete is idempotent', async () => {
      const key = fileKey();
      await expect(store.delete(key)).resolves.toBeUndefined();
      await store.put(key, bufferStream(Buffer.from('bye')));
      await store.delete(key);
      expect(await store.stat(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('deletePrefix removes everything under the prefix, segment-aligned', async () => {
      const id = randomUUID();
      const doomed = [`users/${id}/files/a`, `users/${id}/thumbs/a/256`, `users/${id}/files/b`];
      const kept = [`users/${id}0/files/a`, `users/${randomUUID()}/files/a`];
      for (const k of [...doomed, ...kept]) await store.put(k, bufferStream(Buffer.from(k)));

      await store.deletePrefix(`users/${id}`);
      for (const k of doomed) expect(await store.stat(k)).toBeNull();
      for (const k of kept) expect(await store.stat(k)).not.toBeNull();

      // trailing slash is accepted; missing prefixes are fine
      await store.put(doomed[0]!, bufferStream(Buffer.from('again')));
      await store.deletePrefix(`users/${id}/`);
      expect(await store.stat(doomed[0]!)).toBeNull();
      await expect(store.deletePrefix(`users/${randomUUID()}`)).resolves.toBeUndefined();
    });

    it('deletePrefix handles more than one batch (1000 keys)', async () => {
      const prefix = userPrefix();
      const keys = Array.from({ length: 1_050 }, (_, i) => `${prefix}/files/${String(i).padStart(4, '0')}`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, bufferStream(Buffer.from('x')))));
      }
      await store.deletePrefix(prefix);
      for (const k of [keys[0]!, keys[999]!, keys[1_000]!, keys[1_049]!]) expect(await store.stat(k)).toBeNull();
    });

    it('deletePrefix rejects an empty or invalid prefix', async () => {
      await expect(store.deletePrefix('')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.deletePrefix('/')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.deletePrefix('users/../x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    describe('maxBytes', () => {
      it('exactly maxBytes is accepted', async () => {
        const key = fileKey();
        expect((await store.put(key, bufferStream(randomBytes(1_000)), { maxBytes: 1_000 })).size).toBe(1_000);
      });

      it('exceeded (small body) → BlobTooLargeError, nothing left, body destroyed', async () => {
        const key = fileKey();
        const body = bufferStream(randomBytes(5_000));
        await expect(store.put(key, body, { maxBytes: 1_000 })).rejects.toBeInstanceOf(BlobTooLargeError);
        expect(body.destroyed).toBe(true);
        expect(await store.stat(key)).toBeNull();
        await expectNoLeftovers();
      });

      it('exceeded after several parts (multipart path) → BlobTooLargeError, nothing left', async () => {
        const key = fileKey();
        await expect(store.put(key, generatedStream(20 * MiB), { maxBytes: 10 * MiB })).rejects.toBeInstanceOf(
          BlobTooLargeError,
        );
        expect(await store.stat(key)).toBeNull();
        await expectNoLeftovers();
      });

      it('a rejected put leaves the previous blob intact', async () => {
        const key = fileKey();
        await store.put(key, bufferStream(Buffer.from('keep me')));
        await expect(store.put(key, bufferStream(randomBytes(5_000)), { maxBytes: 100 })).rejects.toBeInstanceOf(
          BlobTooLargeError,
        );
        expect((await readAll((await store.get(key)).stream)).toString()).toBe('keep me');
      });
    });

    describe('failing source', () => {
      it('error mid-way → put rejects with it, key absent', async () => {
        const key = fileKey();
        await expect(store.put(key, failingStream(300_000, new Error('upstream broke')))).rejects.toThrow('upstream broke');
        expect(await store.stat(key)).toBeNull();
        await expectNoLeftovers();
      });

      it('error after several parts (multipart path) → put rejects, key absent', async () => {
        const key = fileKey();
        await expect(store.put(key, failingStream(18 * MiB, new Error('upstream broke late')))).rejects.toThrow(
          'upstream broke late',
        );
        expect(await store.stat(key)).toBeNull();
        await expectNoLeftovers();
      });

      it('destroyed without error (client abort) → put rejects, key absent', async () => {
        const key = fileKey();
        await expect(store.put(key, truncatedStream(200_000))).rejects.toThrow();
        expect(await store.stat(key)).toBeNull();
        await expectNoLeftovers();
      });
    });

    it('invalid keys are rejected by every method', async () => {
      const bad = ['', '/users/a', 'users/../etc', '..', 'users//a', 'users/a/', 'users\\a', 'users/./a', '.tmp/x', 'a\0b'];
      for (const key of bad) {
        await expect(store.put(key, bufferStream(Buffer.from('x'))), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
    });
  });
}

// ---- implementations -----------------------------------------------------------------------

describeBlobStore('DiskBlobStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'bulut-blobs-'));
  return {
    store: new DiskBlobStore(root),
    stagingLeftovers: async () => readdir(join(root, '.tmp')).catch(() => []),
    teardown: () => rm(root, { recursive: true, force: true }),
  };
});

describeBlobStore('S3BlobStore (s3rver)', async () => {
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
