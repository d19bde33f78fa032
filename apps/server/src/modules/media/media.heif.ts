// HEIC/HEIF from phones. sharp's prebuilt libvips cannot decode HEVC, so the pixels come from libheif compiled to
// WASM (heic-decode) in a short-lived worker thread: the synchronous decode never blocks the event loop, and the WASM
// heap it grows is returned to the system when the worker exits.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { MediaDecodeError } from './media.tools.js';

/** The whole picture is held as RGBA by the decoder (and once more while handed over): 100 MP is ~0.8 GB at peak. */
export const HEIF_MAX_PIXELS = 100_000_000;

export interface RgbaImage {
  width: number;
  height: number;
  data: Buffer;
}

// Major brands of HEVC-coded HEIF (AVIF has its own brands and is read by sharp).
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
export const isHeifFile = (b: Buffer) =>
  b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && HEVC_BRANDS.has(b.toString('latin1', 8, 12));

const heicDecodePath = createRequire(import.meta.url).resolve('heic-decode');

// libheif applies the container's irot/imir transforms while decoding, and width/height are those after them; so the
// pixels come out upright and the EXIF Orientation tag (which HEIF says not to apply on top) is ignored.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.module);
(async () => {
  const images = await decode.all({ buffer: workerData.input });
  try {
    const first = images[0];
    if (first.width * first.height > workerData.maxPixels) {
      return parentPort.postMessage({ tooLarge: [first.width, first.height] });
    }
    const image = await first.decode();
    parentPort.postMessage({ width: image.width, height: image.height, data: image.data }, [image.data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((err) => parentPort.postMessage({ error: String((err && err.message) || err) }));
`;

type WorkerReply =
  | { width: number; height: number; data: Uint8ClampedArray }
  | { tooLarge: [number, number] }
  | { error: string };

/** The primary image of a HEIC/HEIF file as upright RGBA pixels; a file libheif cannot read is a MediaDecodeError. */
export function decodeHeif(input: Buffer, maxPixels = HEIF_MAX_PIXELS): Promise<RgbaImage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: heicDecodePath, input, maxPixels } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once('message', (reply: WorkerReply) =>
      settle(() => {
        if ('error' in reply) reject(new MediaDecodeError(`Could not decode HEIC: ${reply.error}`.slice(0, 1000)));
        else if ('tooLarge' in reply) reject(new MediaDecodeError(tooLarge(reply.tooLarge[0], reply.tooLarge[1], maxPixels)));
        else resolve({ width: reply.width, height: reply.height, data: Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength) });
      }),
    );
    // Out of memory or a crash inside the decoder: still this file's fault, not the infrastructure's.
    worker.once('error', (err) => settle(() => reject(new MediaDecodeError(`Could not decode HEIC: ${err.message}`.slice(0, 1000)))));
    worker.once('exit', (code) => settle(() => reject(new MediaDecodeError(`Could not decode HEIC: decoder exited (${code})`))));
  });
}

export const tooLarge = (width: number, height: number, max: number) =>
  `Image is too large: ${width} × ${height} pixels is over the limit of ${Number((max / 1_000_000).toFixed(1))} megapixels`;

/**
 * The EXIF block (TIFF bytes) of a HEIF file, found through its item boxes. exifr's own HEIC reader ignores iloc base
 * offsets, which libheif's encoder writes, and then reads the wrong bytes; this walk follows ISO/IEC 14496-12 exactly.
 */
export function heifExifTiff(file: Buffer): Buffer | null {
  try {
    const meta = boxes(file, 0, file.length).find((b) => b.type === 'meta');
    if (!meta) return null;
    const children = boxes(file, meta.body + 4, meta.end); // meta is a full box
    const iinf = children.find((b) => b.type === 'iinf');
    const iloc = children.find((b) => b.type === 'iloc');
    if (!iinf || !iloc) return null;
    const id = exifItemId(file, iinf);
    if (id === null) return null;
    const idat = children.find((b) => b.type === 'idat');
    const extent = itemExtent(file, iloc, id, idat?.body ?? null);
    if (!extent || extent.end > file.length || extent.end - extent.start < 4) return null;
    const tiffStart = extent.start + 4 + file.readUInt32BE(extent.start);
    return tiffStart < extent.end ? file.subarray(tiffStart, extent.end) : null;
  } catch {
    return null; // RangeError from a truncated or malformed box: no EXIF
  }
}

export interface Box {
  type: string;
  /** Offset of the box's content (after size and type). */
  body: number;
  end: number;
}

/** The ISO-BMFF boxes one after another in buf[from, to). */
export function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      body += 8;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < body - at || at + size > to) break;
    out.push({ type, body, end: at + size });
    at += size;
  }
  return out;
}

function exifItemId(buf: Buffer, iinf: Box): number | null {
  const version = buf[iinf.body]!;
  const first = iinf.body + 4 + (version === 0 ? 2 : 4);
  for (const infe of boxes(buf, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const v = buf[infe.body]!;
    if (v < 2) continue; // version 0/1 entries carry no item type
    const id = v === 2 ? buf.readUInt16BE(infe.body + 4) : buf.readUInt32BE(infe.body + 4);
    const typeAt = infe.body + 4 + (v === 2 ? 2 : 4) + 2;
    if (buf.toString('latin1', typeAt, typeAt + 4) === 'Exif') return id;
  }
  return null;
}

function readSized(buf: Buffer, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return buf.readUInt32BE(at);
  if (size === 8) return Number(buf.readBigUInt64BE(at));
  throw new RangeError(`unsupported field size ${size}`);
}

function itemExtent(buf: Buffer, iloc: Box, wanted: number, idat: number | null): { start: number; end: number } | null {
  let at = iloc.body;
  const version = buf[at]!;
  at += 4;
  const offsetSize = buf[at]! >> 4;
  const lengthSize = buf[at]! & 15;
  const baseSize = buf[at + 1]! >> 4;
  const indexSize = version >= 1 ? buf[at + 1]! & 15 : 0;
  at += 2;
  const count = version < 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version >= 1) {
      method = buf.readUInt16BE(at) & 15;
      at += 2;
    }
    at += 2; // data_reference_index
    const base = readSized(buf, at, baseSize);
    at += baseSize;
    const extents = buf.readUInt16BE(at);
    at += 2;
    let first: { offset: number; length: number } | null = null;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readSized(buf, at, offsetSize);
      at += offsetSize;
      const length = readSized(buf, at, lengthSize);
      at += lengthSize;
      first ??= { offset, length };
    }
    if (id !== wanted) continue;
    // EXIF is one extent in practice; several (or another method) is not worth guessing at.
    if (!first || extents !== 1 || (method !== 0 && method !== 1) || (method === 1 && idat === null)) return null;
    const start = (method === 1 ? idat! : 0) + base + first.offset;
    return { start, end: start + (first.length || buf.length - start) };
  }
  return null;
}
