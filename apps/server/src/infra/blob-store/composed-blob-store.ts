import { PassThrough, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { BlobRange, BlobStat, BlobStore, GetResult, PieceResult, PieceWrite, PutOptions, PutResult } from './blob-store.js';
import { BlobNotFoundError, validateKey } from './blob-store.js';
import { checkRange, resolveRange } from './internal.js';

// Issue 35, one changed piece: a file's content may be a list of ranges of blobs already stored (the pieces the
// account held) and of the upload's own blob (the pieces it received), so an upload that skipped 127 of 128 pieces
// stores 8 MiB instead of copying 1 GiB. The list lives in the database (`content_part`, written in the transaction
// that commits the file); this decorator reads it, so every reader keeps calling `get(key, range)`.

/** One range of a stored blob in a composed blob, in order. */
export interface ContentPartTable {
  composed_key: string;
  seq: number;
  /** The account whose file the composition is: account deletion counts the rows of the others. */
  account_id: string;
  part_key: string;
  part_offset: number;
  bytes: number;
}

declare module '../db/schema.js' {
  interface DB {
    content_part: ContentPartTable;
  }
}

export interface Part {
  key: string;
  offset: number;
  bytes: number;
}

/** Composed keys look like "users/<account>/composed/<file id>": never a blob of their own in the store. */
export const isComposedKey = (key: string): boolean => /^users\/[^/]+\/composed\/[^/]+$/.test(key);
export const composedKey = (accountId: string, id: string): string => `users/${accountId}/composed/${id}`;

/** The parts of a composed key, in order; empty when it has none (never composed, or released). */
export async function partsOf(db: Kysely<DB>, key: string): Promise<Part[]> {
  const rows = await db.selectFrom('content_part').select(['part_key', 'part_offset', 'bytes']).where('composed_key', '=', key).orderBy('seq').execute();
  return rows.map((r) => ({ key: r.part_key, offset: Number(r.part_offset), bytes: Number(r.bytes) }));
}

/** The parts covering `bytes` bytes from `start` of a list of parts (a range of a composed blob, mapped onto its parts). */
export function sliceParts(parts: readonly Part[], start: number, bytes: number): Part[] {
  const out: Part[] = [];
  let at = 0;
  const end = start + bytes;
  for (const p of parts) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + p.bytes);
    if (from < to) out.push({ key: p.key, offset: p.offset + (from - at), bytes: to - from });
    at += p.bytes;
    if (at >= end) break;
  }
  return out;
}

/** Appends parts, joining a part that continues the previous one in the same blob (a run of held pieces is one row). */
export function joinParts(into: Part[], more: readonly Part[]): Part[] {
  for (const p of more) {
    const last = into[into.length - 1];
    if (last && last.key === p.key && last.offset + last.bytes === p.offset) last.bytes += p.bytes;
    else into.push({ ...p });
  }
  return into;
}

/** A store that reads composed keys from their parts and passes everything else to `inner`. */
export class ComposedBlobStore implements BlobStore {
  readonly sweepTemp?: BlobStore['sweepTemp'];

  constructor(
    private readonly inner: BlobStore,
    private readonly resolve: (key: string) => Promise<Part[]>,
  ) {
    this.sweepTemp = inner.sweepTemp?.bind(inner);
  }

  private async parts(key: string): Promise<Part[]> {
    validateKey(key);
    const parts = await this.resolve(key);
    if (parts.length === 0) throw new BlobNotFoundError(key);
    return parts;
  }

  async get(key: string, range?: BlobRange): Promise<GetResult> {
    if (!isComposedKey(key)) return this.inner.get(key, range);
    checkRange(range);
    const parts = await this.parts(key);
    const size = parts.reduce((n, p) => n + p.bytes, 0);
    const { start, end } = resolveRange(range, size);
    const wanted = end >= start ? sliceParts(parts, start, end - start + 1) : [];
    // The first part is opened before answering, so a missing blob fails the call, as for a plain key.
    const first = wanted.length > 0 ? await this.inner.get(wanted[0]!.key, { start: wanted[0]!.offset, end: wanted[0]!.offset + wanted[0]!.bytes - 1 }) : null;
    const out = new PassThrough();
    let current: Readable | null = first?.stream ?? null;
    out.on('close', () => current?.destroy());
    void (async () => {
      try {
        for (let i = 0; i < wanted.length; i++) {
          const p = wanted[i]!;
          current = i === 0 ? first!.stream : (await this.inner.get(p.key, { start: p.offset, end: p.offset + p.bytes - 1 })).stream;
          let seen = 0;
          for await (const chunk of current as AsyncIterable<Buffer>) {
            seen += chunk.length;
            if (!out.write(chunk)) await new Promise<void>((ok, fail) => {
              const closed = () => fail(new Error('reader went away'));
              out.once('drain', () => { out.off('close', closed); ok(); });
              out.once('close', closed);
            });
          }
          // A part shorter than recorded would shift every later byte: fail rather than serve a wrong file.
          if (seen !== p.bytes) throw new Error(`part ${p.key}@${p.offset} of ${key} gave ${seen} of ${p.bytes} bytes`);
        }
        out.end();
      } catch (err) {
        out.destroy(err as Error);
      }
    })();
    return { stream: out, size, start, end };
  }

  async stat(key: string): Promise<BlobStat | null> {
    if (!isComposedKey(key)) return this.inner.stat(key);
    validateKey(key);
    const parts = await this.resolve(key);
    return parts.length === 0 ? null : { size: parts.reduce((n, p) => n + p.bytes, 0) };
  }

  /** A composed key holds no bytes of its own: its rows and parts are released by the content rules (`files.content`). */
  async delete(key: string): Promise<void> {
    if (!isComposedKey(key)) return this.inner.delete(key);
  }

  put(key: string, body: Readable, opts?: PutOptions): Promise<PutResult> {
    if (isComposedKey(key)) {
      body.destroy();
      return Promise.reject(new Error(`a composed key is never written: ${key}`));
    }
    return this.inner.put(key, body, opts);
  }

  writePiece(key: string, state: string | null, piece: PieceWrite): Promise<PieceResult> {
    return this.inner.writePiece(key, state, piece);
  }
  completePieces(key: string, state: string | null, total: number): Promise<void> {
    return this.inner.completePieces(key, state, total);
  }
  abortPieces(key: string, state: string | null): Promise<void> {
    return this.inner.abortPieces(key, state);
  }
  deletePrefix(prefix: string): Promise<void> {
    return this.inner.deletePrefix(prefix);
  }
  ping(): Promise<void> {
    return this.inner.ping();
  }
}

/** The app's store: `inner` with composed keys read from `content_part`. */
export const withComposedContent = (inner: BlobStore, db: Kysely<DB>): BlobStore => new ComposedBlobStore(inner, (key) => partsOf(db, key));
