import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobTooLargeError, PiecesLostError } from './blob-store.js';
import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import { BUCKET, bufferStream, failingStream, MiB, readAll, s3Store, sha256, startS3rver } from './blob-store.fixtures.js';

// Blobs written in pieces (resumable uploads), against every store: in place on disk, a multipart upload on S3.

interface PiecesHarness {
  store: BlobStore;
  /** Every key or file the store holds under `prefix`, and whatever it keeps for pieces in progress. */
  held: (prefix: string) => Promise<string[]>;
  teardown: () => Promise<void>;
}

function describePieces(name: string, setup: () => Promise<PiecesHarness>): void {
  describe(`pieces: ${name}`, () => {
    let h: PiecesHarness;
    let store: BlobStore;
    beforeAll(async () => {
      h = await setup();
      store = h.store;
    });
    afterAll(() => h?.teardown());

    const newKey = () => {
      const prefix = `users/${randomUUID()}`;
      return { prefix, key: `${prefix}/files/${randomUUID()}` };
    };

    /** Writes `data` in pieces of the given sizes, continuing one running digest as a caller does. */
    async function writeAll(key: string, data: Buffer, sizes: number[]) {
      const hash = createHash('sha256');
      let state: string | null = null;
      let offset = 0;
      for (const size of sizes) {
        const body = bufferStream(data.subarray(offset, offset + size));
        const res = await store.writePiece(key, state, { offset, length: size, last: offset + size === data.length, body, hash });
        expect(res.size).toBe(size);
        state = res.state;
        offset += size;
      }
      return { state, digest: hash.digest('hex') };
    }

    it('8 MiB pieces and a short last one: nothing visible until complete, then exactly the bytes, digest of the whole', async () => {
      const { prefix, key } = newKey();
      const data = randomBytes(8 * MiB * 2 + 1234);
      const { state, digest } = await writeAll(key, data, [8 * MiB, 8 * MiB, 1234]);
      expect(await store.stat(key)).toBeNull();
      await store.completePieces(key, state, data.length);
      expect(digest).toBe(sha256(data));
      expect((await readAll((await store.get(key)).stream)).equals(data)).toBe(true);
      expect(await h.held(prefix)).toEqual([key]);
      // Called again after a crash cut the first call short: done already, nothing changes.
      await store.completePieces(key, state, data.length);
      expect((await store.stat(key))?.size).toBe(data.length);
    });

    it('pieces smaller than a multipart part, before and after a big one, come out in order', async () => {
      const { prefix, key } = newKey();
      const data = randomBytes(7 * MiB + 300_000);
      const sizes = [100_000, 2 * MiB, 3 * MiB, 100_000, 2 * MiB, 100_000];
      expect(sizes.reduce((a, b) => a + b)).toBe(data.length);
      const { state, digest } = await writeAll(key, data, sizes);
      await store.completePieces(key, state, data.length);
      expect(digest).toBe(sha256(data));
      expect((await readAll((await store.get(key)).stream)).equals(data)).toBe(true);
      expect(await h.held(prefix)).toEqual([key]);
    });

    it('a piece cut short is written again at the same offset; the result has the retry’s bytes only', async () => {
      const { key } = newKey();
      const data = randomBytes(6 * MiB + 10);
      const first = await store.writePiece(key, null, { offset: 0, length: 6 * MiB, last: false, body: bufferStream(data.subarray(0, 6 * MiB)) });
      await expect(
        store.writePiece(key, first.state, { offset: 6 * MiB, length: 10, last: true, body: failingStream(5, new Error('client went away')) }),
      ).rejects.toThrow('client went away');
      const last = await store.writePiece(key, first.state, { offset: 6 * MiB, length: 10, last: true, body: bufferStream(data.subarray(6 * MiB)) });
      await store.completePieces(key, last.state, data.length);
      expect((await readAll((await store.get(key)).stream)).equals(data)).toBe(true);
    });

    it('more bytes than the piece announced → BlobTooLargeError, and the piece does not count', async () => {
      const { key } = newKey();
      await expect(
        store.writePiece(key, null, { offset: 0, length: 10, last: false, body: bufferStream(randomBytes(20)) }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
    });

    it('continuing pieces nobody wrote → PiecesLostError', async () => {
      const { key } = newKey();
      await expect(
        store.writePiece(key, null, { offset: 1000, length: 10, last: true, body: bufferStream(randomBytes(10)) }),
      ).rejects.toBeInstanceOf(PiecesLostError);
    });

    it('abort removes everything the pieces held and is idempotent; a published blob is never touched', async () => {
      const { prefix, key } = newKey();
      const data = randomBytes(5 * MiB + 100);
      const { state } = await writeAll(key, data.subarray(0, 5 * MiB + 50), [5 * MiB, 50]);
      await store.abortPieces(key, state);
      await store.abortPieces(key, state);
      expect(await h.held(prefix)).toEqual([]);
      await expect(store.completePieces(key, state, data.length)).rejects.toThrow();

      const done = newKey();
      const written = await writeAll(done.key, data, [100, data.length - 100]);
      await store.completePieces(done.key, written.state, data.length);
      await store.abortPieces(done.key, written.state);
      expect(await h.held(done.prefix)).toEqual([done.key]);
    });
  });
}

describe('pieces: DiskBlobStore, synced once', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'bulut-blobs-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const piece = (offset: number, data: Buffer, last = false) => ({ offset, length: data.length, last, body: bufferStream(data) });

  it('pieces before the last name the boot that wrote them; a later boot of the same host finds them lost', async () => {
    const store = new DiskBlobStore(root);
    const key = `users/${randomUUID()}/files/${randomUUID()}`;
    const data = randomBytes(3000);
    const first = await store.writePiece(key, null, piece(0, data.subarray(0, 1000)));
    const [boot, host] = first.state!.split('@');
    expect(boot).toMatch(/^[0-9a-f-]{36}$/);

    const rebooted = `00000000-0000-4000-8000-000000000000@${host}`;
    await expect(store.writePiece(key, rebooted, piece(1000, data.subarray(1000, 2000)))).rejects.toBeInstanceOf(PiecesLostError);
    await expect(store.completePieces(key, rebooted, 1000)).rejects.toBeInstanceOf(PiecesLostError);
    // Another host on a shared volume: its writer flushed the file when it closed it.
    const second = await store.writePiece(key, `${boot}@another-host`, piece(1000, data.subarray(1000, 2000)));
    expect(second.state).toBe(first.state);
    const last = await store.writePiece(key, second.state, piece(2000, data.subarray(2000), true));
    expect(last.state).toBe('synced');
    await store.completePieces(key, last.state, data.length);
    expect((await readAll((await store.get(key)).stream)).equals(data)).toBe(true);
  });
});

describePieces('DiskBlobStore (in place, one file)', async () => {
  const root = await mkdtemp(join(tmpdir(), 'bulut-blobs-'));
  const walk = async (dir: string, rel: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const out: string[] = [];
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      out.push(...(e.isDirectory() ? await walk(join(dir, e.name), r) : [r]));
    }
    return out;
  };
  return {
    store: new DiskBlobStore(root),
    // Pieces in progress live in .pieces, one file each named by its encoded key.
    held: async (prefix) => [
      ...(await walk(join(root, prefix), prefix)),
      ...(await walk(join(root, '.pieces'), '.pieces')).filter((f) => f.includes(encodeURIComponent(`${prefix}/`))),
    ],
    teardown: () => rm(root, { recursive: true, force: true }),
  };
});

describePieces('S3BlobStore (s3rver, multipart)', async () => {
  const { server, endpoint, dir } = await startS3rver();
  const store = s3Store(endpoint);
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    store,
    held: async (prefix) => {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
      return (page.Contents ?? []).map((o) => o.Key!).sort();
    },
    teardown: async () => {
      client.destroy();
      store.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
});
