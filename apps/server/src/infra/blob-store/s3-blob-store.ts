import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, BlobRangeNotSatisfiableError, BlobTooLargeError, normalizePrefix, validateKey } from './blob-store.js';
import type { BlobRange, BlobStat, BlobStore, GetResult, PutOptions, PutResult } from './blob-store.js';
import { checkMaxBytes, checkRange, HashingMeter, resolveRange } from './internal.js';

export interface S3BlobStoreConfig {
  /** For S3-compatible services (MinIO, Ceph, …); omit for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

// Memory per upload is bounded by roughly (QUEUE_SIZE + 1) × PART_SIZE of buffered parts.
// With an unknown length, 8 MiB parts × the 10,000-part limit caps a blob at ~78 GiB.
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 3;
const DELETE_BATCH = 1000; // DeleteObjects' per-request maximum
const PING_TIMEOUT_MS = 5_000;

export class S3BlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(cfg: S3BlobStoreConfig) {
    this.#bucket = cfg.bucket;
    this.#client = new S3Client({
      endpoint: cfg.endpoint,
      region: cfg.region,
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      // Only send/verify the SDK's CRC checksums where S3 demands them: many S3-compatible
      // servers (s3rver, older MinIO/Ceph) reject or ignore them, and we hash with SHA-256 ourselves.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        // Without it a blackholed endpoint hangs requests forever. No overall request timeout on
        // purpose: downloads may legitimately stream for a long time to slow clients.
        connectionTimeout: 5_000,
        // Each in-flight get() holds a socket until its stream is consumed; the SDK default of 50
        // would make the 51st concurrent download (and ping) queue behind them.
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
    });
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<PutResult> {
    validateKey(key);
    checkMaxBytes(opts.maxBytes);
    const meter = new HashingMeter(opts.maxBytes);
    // Settles once the source is fully read or either stream fails; the error is kept, not thrown,
    // so it cannot become an unhandled rejection while the upload is still running.
    const piped = pipeline(body, meter).then(
      () => undefined,
      (err: unknown) => err,
    );
    const upload = new Upload({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: key, Body: meter, ContentType: opts.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      // maxBytes and source errors abort the upload by failing `meter`: Upload's reader throws,
      // it waits for in-flight parts and sends AbortMultipartUpload. That is preferred over
      // upload.abort(), which rejects done() at once while parts are still being sent.
      // Nothing becomes visible: a single PutObject is only sent after the body ended cleanly, and
      // a multipart upload is never completed. (If the abort request itself fails, orphaned parts
      // are left to the bucket's AbortIncompleteMultipartUpload lifecycle rule.)
      await upload.done();
    } catch (err) {
      meter.destroy(); // stop the source when the upload failed on the S3 side
      const sourceErr = await piped;
      if (meter.exceeded) throw new BlobTooLargeError(opts.maxBytes ?? 0);
      // A failed AbortMultipartUpload can replace the original cause in Upload's rejection, so
      // prefer the source's error when the source is what broke.
      throw isPrematureClose(sourceErr) || sourceErr === undefined ? err : sourceErr;
    }
    const sourceErr = await piped;
    if (sourceErr !== undefined) throw sourceErr; // not expected: the body ended cleanly
    return { size: meter.bytes, sha256: meter.digestHex() };
  }

  async get(key: string, range?: BlobRange): Promise<GetResult> {
    validateKey(key);
    checkRange(range);
    let res;
    try {
      res = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      if (httpStatus(err) === 416) {
        // The 416 body's size field is not reliably exposed by the SDK; ask for it.
        const st = await this.stat(key);
        if (st === null) throw new BlobNotFoundError(key);
        throw new BlobRangeNotSatisfiableError(st.size);
      }
      throw err;
    }
    const stream = res.Body;
    if (!(stream instanceof Readable)) throw new Error('S3 GetObject returned no Node.js stream body');
    try {
      const parsed = parseContentRange(res.ContentRange);
      if (parsed) return { stream, ...parsed };
      // A 200 without Content-Range: the whole object (servers may also answer a range on an
      // empty object this way). Anything other than exactly what was asked for is not served.
      const size = res.ContentLength;
      if (size === undefined) throw new Error('S3 GetObject response lacks Content-Length');
      const { start, end } = resolveRange(range, size);
      if (start !== 0 || end !== size - 1) throw new Error('S3 server ignored the Range header');
      return { stream, size, start, end };
    } catch (err) {
      stream.destroy();
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    validateKey(key);
    try {
      const res = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    validateKey(key);
    // S3 answers 204 for missing keys too, so this is idempotent by itself.
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Trailing slash keeps the match segment-aligned ("users/1/" never matches "users/10/…").
    const listPrefix = `${normalizePrefix(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: listPrefix,
          ContinuationToken: token,
          MaxKeys: DELETE_BATCH,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key === undefined ? [] : [{ Key: o.Key }]));
      if (keys.length > 0) {
        const res = await this.#client.send(
          new DeleteObjectsCommand({ Bucket: this.#bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        // DeleteObjects reports per-key failures in a 200 response; don't let them pass silently.
        const first = res.Errors?.[0];
        if (first) {
          throw new Error(`deletePrefix(${prefix}): ${res.Errors?.length} key(s) not deleted, e.g. ${first.Key}: ${first.Code} ${first.Message}`);
        }
      }
      // Continuation tokens are position-based, so deleting the page just listed is safe.
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  async ping(): Promise<void> {
    // Bounded: a health check must fail, not hang, when the endpoint is unreachable.
    await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), {
      abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
  }

  /** Releases the client's sockets (tests, graceful shutdown). */
  destroy(): void {
    this.#client.destroy();
  }
}

function httpStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('$metadata' in err)) return undefined;
  const meta = err.$metadata;
  return typeof meta === 'object' && meta !== null && 'httpStatusCode' in meta && typeof meta.httpStatusCode === 'number'
    ? meta.httpStatusCode
    : undefined;
}

function isNotFound(err: unknown): boolean {
  // A missing bucket is a configuration error, not a missing blob.
  if (err instanceof Error && err.name === 'NoSuchBucket') return false;
  // HeadObject has no body, so the SDK only has the status ("NotFound"); GetObject says "NoSuchKey".
  return (err instanceof Error && (err.name === 'NoSuchKey' || err.name === 'NotFound')) || httpStatus(err) === 404;
}

function isPrematureClose(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

function parseContentRange(header: string | undefined): { start: number; end: number; size: number } | null {
  const m = header === undefined ? null : /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header);
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), size: Number(m[3]) };
}
