import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidBlobKeyError, validateKey } from './blob-store.js';
import { createBlobStore } from './create-blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import { bufferStream, BUCKET, generatedStream, MiB, s3Store, startS3rver } from './blob-store.fixtures.js';

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
  it('builds the configured implementation', async () => {
    expect(await createBlobStore({ kind: 'disk', root: tmpdir() })).toBeInstanceOf(DiskBlobStore);
    const s3 = await createBlobStore({
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
