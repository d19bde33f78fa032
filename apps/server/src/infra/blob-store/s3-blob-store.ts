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
      // Only send/verify the SDK's CRC checksums where the API requires them: the default since
      // SDK 3.729 breaks several S3-compatible servers (older MinIO, Ceph RGW, …). Content
      // integrity is tracked by our own SHA-256; transport integrity by TLS.
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
      // Still intact means the S3 side failed first: stop the source (pipeline destroys it).
      const sourceBroke = meter.destroyed;
      meter.destroy();
      const sourceErr = await piped;
      if (meter.exceeded) throw new BlobTooLargeError(opts.maxBytes ?? 0);
      // When the source broke, Upload's rejection may instead carry a failed AbortMultipartUpload
      // (s3rver does not implement it at all), so report the source's own error.
      throw sourceBroke && sourceErr !== undefined ? sourceErr : err;
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
    const body = res.Body;
    if (!(body instanceof Readable)) throw new Error('S3 GetObject returned no Node.js stream body');
    try {
      // What the server says it sent: a 206 with Content-Range, or a 200 with the whole object
      // (servers may answer a range on an empty object that way).
      const served = parseContentRange(res.ContentRange) ?? wholeObject(res.ContentLength);
      // Re-resolve against the real size: yields 416 semantics for empty objects (s3rver answers
      // those with "206, bytes 0-0/0") and the clamped end for the result.
      const { start, end } = resolveRange(range, served.size);
      if (served.start !== start || served.end < end) {
        throw new Error(`S3 served bytes ${served.start}-${served.end} for a request of ${start}-${end}`);
      }
      // More than requested: trim. s3rver answers "bytes=0-0" with the whole object.
      const stream = served.end > end ? takeBytes(body, end - start + 1) : body;
      return { stream, size: served.size, start, end };
    } catch (err) {
      body.destroy();
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

function wholeObject(contentLength: number | undefined): { start: number; end: number; size: number } {
  if (contentLength === undefined) throw new Error('S3 GetObject response lacks Content-Length');
  return { start: 0, end: contentLength - 1, size: contentLength };
}

/** The first `n` (> 0) bytes of `src`; stopping early destroys `src`, releasing its socket. */
function takeBytes(src: Readable, n: number): Readable {
  return Readable.from(
    (async function* () {
      let left = n;
      for await (const chunk of src) {
        const buf = chunk as Buffer;
        if (buf.length >= left) {
          yield buf.subarray(0, left);
          return;
        }
        left -= buf.length;
        yield buf;
      }
    })(),
    { objectMode: false },
  );
}

function parseContentRange(header: string | undefined): { start: number; end: number; size: number } | null {
  const m = header === undefined ? null : /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header);
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), size: Number(m[3]) };
}
