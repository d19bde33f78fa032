import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  validateKey,
} from './blob-store.js';
import type { BlobStore } from './blob-store.js';
import { createBlobStore } from './create-blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

// s3rver ships no type declarations; a local typed require avoids a project-wide `declare module`.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const requireCjs = createRequire(import.meta.url);
const S3rver = requireCjs('s3rver') as S3rverCtor;

// s3rver quirk: it encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3
// (Node ≥ 17) only has in the legacy provider, so any truncated listing (> 1000 keys) answers 500.
// 3DES with three equal keys *is* single DES and is still available; this affects this test
// process only.
type Factory = (...args: unknown[]) => unknown;
const cryptoCjs = requireCjs('node:crypto') as Record<'createCipheriv' | 'createDecipheriv', Factory>;
const asTripleDes =
  (original: Factory): Factory =>
  (...args) =>
    args[0] === 'des'
      ? original('des-ede3-cbc', Buffer.concat(Array<Buffer>(3).fill(args[1] as Buffer)), args[2])
      : original(...args);
cryptoCjs.createCipheriv = asTripleDes(createCipheriv as Factory);
cryptoCjs.createDecipheriv = asTripleDes(createDecipheriv as Factory);

const MiB = 1024 * 1024;
const BUCKET = 'bulut-test';

interface Harness {
  store: BlobStore;
  /** Files a put may have left in a staging area; the disk store must always leave none. */
  stagingLeftovers?: () => Promise<string[]>;
  teardown: () => Promise<void>;
}

// ---- stream helpers ------------------------------------------------------------------------

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

function bufferStream(buf: Buffer): Readable {
  return Readable.from([buf], { objectMode: false });
}

const BLOCK = randomBytes(64 * 1024);

/** Deterministic pseudo-random chunks: the same `total` always yields the same bytes. */
function* chunks(total: number): Generator<Buffer> {
  for (let offset = 0, i = 0; offset < total; offset += BLOCK.length, i++) {
    const chunk = Buffer.from(BLOCK.subarray(0, Math.min(BLOCK.length, total - offset)));
    if (chunk.length >= 4) chunk.writeUInt32BE(i, 0); // make every chunk distinct
    yield chunk;
  }
}

/** A generated body that is never materialised as a whole. */
function generatedStream(total: number): Readable {
  return Readable.from(chunks(total), { objectMode: false });
}

function generatedSha256(total: number): string {
  const h = createHash('sha256');
  for (const c of chunks(total)) h.update(c);
  return h.digest('hex');
}

/** Emits `bytesBefore` bytes, then fails like a broken upstream would. */
function failingStream(bytesBefore: number, err: Error): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks(bytesBefore);
      throw err;
    })(),
    { objectMode: false },
  );
}

/** Emits some bytes, then is destroyed without an error — what an aborted client request looks like. */
function truncatedStream(bytesBefore: number): Readable {
  const it = chunks(bytesBefore);
  return new Readable({
    read() {
      const next = it.next();
      if (next.done) setImmediate(() => this.destroy());
      else this.push(next.value);
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

async function streamSha256(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const c of stream) {
    h.update(c as Buffer);
    bytes += (c as Buffer).length;
  }
  return { sha256: h.digest('hex'), bytes };
}

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
    }, 120_000);

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

async function startS3rver(): Promise<{ server: S3rverInstance; endpoint: string; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'bulut-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  return { server, endpoint: `http://127.0.0.1:${port}`, dir };
}

function s3Store(endpoint: string): S3BlobStore {
  return new S3BlobStore({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
}

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

// ---- implementation-specific ---------------------------------------------------------------

describe('S3BlobStore.ping', () => {
  it('rejects once the server is gone', async () => {
    const { server, endpoint, dir } = await startS3rver();
    const store = s3Store(endpoint);
    try {
      await store.ping();
      await server.close();
      await expect(store.ping()).rejects.toThrow();
      // An S3-side failure also rejects put and releases the caller's body, small or multipart.
      for (const size of [1_000, 20 * MiB]) {
        const body = generatedStream(size);
        await expect(store.put(`users/${randomUUID()}/files/x`, body)).rejects.toThrow();
        expect(body.destroyed).toBe(true);
      }
    } finally {
      store.destroy();
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it('rejects for a missing bucket', async () => {
    const { server, endpoint, dir } = await startS3rver();
    const store = new S3BlobStore({
      endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    try {
      await expect(store.ping()).rejects.toThrow();
    } finally {
      store.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  });
});

describe('DiskBlobStore specifics', () => {
  it('ping rejects when the root is unusable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bulut-blobs-'));
    try {
      const file = join(dir, 'not-a-dir');
      await writeFile(file, 'x');
      await expect(new DiskBlobStore(file).ping()).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it('maps keys to nested directories under the root', async () => {
    const root = await mkdtemp(join(tmpdir(), 'bulut-blobs-'));
    try {
      const store = new DiskBlobStore(root);
      await store.put('users/u1/files/f1', bufferStream(Buffer.from('x')));
      expect(await readdir(join(root, 'users', 'u1', 'files'))).toEqual(['f1']);
      expect(await readdir(join(root, '.tmp'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('validateKey', () => {
  it('accepts the product key layout', () => {
    expect(() => validateKey(`users/${randomUUID()}/files/${randomUUID()}`)).not.toThrow();
    expect(() => validateKey(`users/${randomUUID()}/thumbs/${randomUUID()}/256.webp`)).not.toThrow();
  });

  it('rejects traversal, absolute paths, backslashes, empty segments and oversize keys', () => {
    for (const key of ['', '/a', 'a/..', 'a/../b', 'a//b', 'a/', 'a\\b', 'a/.hidden', 'a\nb', 'x'.repeat(256), 'a/'.repeat(600)]) {
      expect(() => validateKey(key), JSON.stringify(key)).toThrow(InvalidBlobKeyError);
    }
  });
});

describe('createBlobStore', () => {
  it('builds the configured implementation', () => {
    expect(createBlobStore({ kind: 'disk', root: tmpdir() })).toBeInstanceOf(DiskBlobStore);
    const s3 = createBlobStore({
      kind: 's3',
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: false,
    });
    expect(s3).toBeInstanceOf(S3BlobStore);
    (s3 as S3BlobStore).destroy();
  });
});
