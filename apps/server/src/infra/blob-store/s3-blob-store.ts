import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobTooLargeError,
  normalizePrefix,
  PiecesLostError,
  validateKey,
} from './blob-store.js';
import type { BlobRange, BlobStat, BlobStore, GetResult, PieceResult, PieceWrite, PutOptions, PutResult } from './blob-store.js';
import { checkMaxBytes, checkPiece, checkRange, HashingMeter, resolveRange } from './internal.js';

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
// S3's minimum for every part of a multipart upload but the last.
const MIN_PART_SIZE = 5 * 1024 * 1024;
const DELETE_BATCH = 1000; // DeleteObjects' per-request maximum
const PING_TIMEOUT_MS = 5_000;

/**
 * A blob written in pieces is one multipart upload, each piece one part. A piece too small to be a part (< 5 MiB,
 * not the last) is kept as a staged object and sent as the head of the next part, so only such small pieces are
 * ever copied, at most 5 MiB per part.
 */
interface PiecesState {
  /** The multipart upload id. */
  id: string;
  /** ETags of the parts so far, part n at index n - 1 (s3rver has no ListParts, and keeping them saves a request). */
  etags: string[];
  /** Bytes [start, start + size) kept as an object until enough follow to make a part. */
  staged: { start: number; size: number } | null;
}

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

  async writePiece(key: string, state: string | null, piece: PieceWrite): Promise<PieceResult> {
    validateKey(key);
    checkPiece(piece);
    const prior = piece.offset === 0 ? null : parsePiecesState(state);
    const staged = prior?.staged ?? null;
    if (piece.offset > 0 && (prior === null || (staged !== null && staged.start + staged.size !== piece.offset))) {
      throw new PiecesLostError(key);
    }
    const meter = new HashingMeter(piece.length, piece.hash, { exact: true });
    // As in put(): the source's error is kept, not thrown, while the request is still running. It also cancels the part's
    // request: the SDK does not end a request whose streamed body failed, and the server would wait for the rest.
    const cancel = new AbortController();
    const piped = pipeline(piece.body, meter).then(
      () => undefined,
      (err: unknown) => {
        cancel.abort(err);
        return err;
      },
    );
    let id = prior?.id;
    try {
      id ??= (await this.#client.send(new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: key, ContentType: piece.contentType })))
        .UploadId;
      if (id === undefined) throw new Error('S3 CreateMultipartUpload returned no upload id');
      const etags = prior?.etags ?? [];
      const bytes = (staged?.size ?? 0) + piece.length;
      const body = staged ? Readable.from(this.#concat(stagedKey(key, staged), meter)) : meter;
      let next: PiecesState;
      if (!piece.last && bytes < MIN_PART_SIZE) {
        // A new object for every attempt, so a failed one never spoils what the recorded state points at.
        const grown = { start: staged?.start ?? piece.offset, size: bytes };
        await this.put(stagedKey(key, grown), body, { maxBytes: bytes });
        next = { id, etags, staged: grown };
      } else {
        const part = await this.#client.send(
          new UploadPartCommand({ Bucket: this.#bucket, Key: key, UploadId: id, PartNumber: etags.length + 1, Body: body, ContentLength: bytes }),
          { abortSignal: cancel.signal },
        );
        if (part.ETag === undefined) throw new Error('S3 UploadPart returned no ETag');
        next = { id, etags: [...etags, part.ETag], staged: null };
      }
      const sourceErr = await piped;
      if (sourceErr !== undefined) throw sourceErr;
      return { size: meter.bytes, state: JSON.stringify(next) };
    } catch (err) {
      meter.destroy();
      const sourceErr = await piped;
      // An upload this call opened is nobody's if this piece does not count.
      if (id !== undefined && prior === null) await this.#abortMultipart(key, id).catch(() => {});
      if (meter.exceeded) throw new BlobTooLargeError(piece.length);
      if (meter.short) return { size: meter.bytes, state };
      throw sourceErr ?? err;
    }
  }

  async completePieces(key: string, state: string | null, total: number): Promise<void> {
    validateKey(key);
    const st = parsePiecesState(state);
    try {
      if (st === null || st.staged !== null || st.etags.length === 0) throw new PiecesLostError(key);
      await this.#client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.#bucket,
          Key: key,
          UploadId: st.id,
          MultipartUpload: { Parts: st.etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      );
    } catch (err) {
      // An earlier call completed it and was cut short before its caller heard so (a crash): the upload id is gone.
      if ((await this.stat(key))?.size !== total) throw err;
    }
    const size = (await this.stat(key))?.size;
    if (size !== total) throw new Error(`pieces of ${key} made ${size} bytes, expected ${total}`);
    await this.deletePrefix(stagedPrefix(key));
  }

  async abortPieces(key: string, state: string | null): Promise<void> {
    validateKey(key);
    const st = parsePiecesState(state);
    if (st) await this.#abortMultipart(key, st.id);
    await this.deletePrefix(stagedPrefix(key));
  }

  async #abortMultipart(key: string, id: string): Promise<void> {
    try {
      await this.#client.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId: id }));
    } catch (err) {
      // Gone already (404), or not implemented by the server (s3rver: 405): the bucket's
      // AbortIncompleteMultipartUpload lifecycle rule removes the parts.
      if (![404, 405, 501].includes(httpStatus(err) ?? 0) && !(err instanceof Error && err.name === 'NoSuchUpload')) throw err;
    }
  }

  async *#concat(head: string, tail: Readable): AsyncGenerator<Buffer> {
    const { stream } = await this.get(head);
    for await (const chunk of stream) yield chunk as Buffer;
    for await (const chunk of tail) yield chunk as Buffer;
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

const stagedPrefix = (key: string) => `${key}.staged`;
const stagedKey = (key: string, s: { start: number; size: number }) => `${stagedPrefix(key)}/${s.start}-${s.start + s.size}`;

function parsePiecesState(state: string | null): PiecesState | null {
  if (state === null) return null;
  const st = JSON.parse(state) as PiecesState;
  if (typeof st.id !== 'string' || !Array.isArray(st.etags)) throw new Error('not a multipart pieces state');
  return st;
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
