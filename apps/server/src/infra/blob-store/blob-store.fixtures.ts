import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

// s3rver ships no type declarations; a local typed require avoids a project-wide `declare module`.
export interface S3rverInstance {
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

export const MiB = 1024 * 1024;
export const BUCKET = 'bulut-test';

export interface Harness {
  store: BlobStore;
  /** Files a put may have left in a staging area; the disk store must always leave none. */
  stagingLeftovers?: () => Promise<string[]>;
  teardown: () => Promise<void>;
}

// ---- stream helpers ------------------------------------------------------------------------

export const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

export function bufferStream(buf: Buffer): Readable {
  return Readable.from([buf], { objectMode: false });
}

const BLOCK = randomBytes(64 * 1024);

/** Deterministic pseudo-random chunks: the same `total` always yields the same bytes. */
export function* chunks(total: number): Generator<Buffer> {
  for (let offset = 0, i = 0; offset < total; offset += BLOCK.length, i++) {
    const chunk = Buffer.from(BLOCK.subarray(0, Math.min(BLOCK.length, total - offset)));
    if (chunk.length >= 4) chunk.writeUInt32BE(i, 0); // make every chunk distinct
    yield chunk;
  }
}

/** A generated body that is never materialised as a whole. */
export function generatedStream(total: number): Readable {
  return Readable.from(chunks(total), { objectMode: false });
}

export function generatedSha256(total: number): string {
  const h = createHash('sha256');
  for (const c of chunks(total)) h.update(c);
  return h.digest('hex');
}

/** Emits `bytesBefore` bytes, then fails like a broken upstream would. */
export function failingStream(bytesBefore: number, err: Error): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks(bytesBefore);
      throw err;
    })(),
    { objectMode: false },
  );
}

/** Emits some bytes, then is destroyed without an error — what an aborted client request looks like. */
export function truncatedStream(bytesBefore: number): Readable {
  const it = chunks(bytesBefore);
  return new Readable({
    read() {
      const next = it.next();
      if (next.done) setImmediate(() => this.destroy());
      else this.push(next.value);
    },
  });
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

export async function streamSha256(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const c of stream) {
    h.update(c as Buffer);
    bytes += (c as Buffer).length;
  }
  return { sha256: h.digest('hex'), bytes };
}

export async function startS3rver(): Promise<{ server: S3rverInstance; endpoint: string; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'bulut-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  return { server, endpoint: `http://127.0.0.1:${port}`, dir };
}

export function s3Store(endpoint: string): S3BlobStore {
  return new S3BlobStore({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
}
