// The capture date of a JPEG or HEIC/HEIF photo from its EXIF, read in the browser so the server can place a
// just-uploaded photo under its real day at once (x-object-meta-taken-at); the server's media job stays the authority.
// Only the bytes needed are read (Blob.slice): the start of the file, then the EXIF block wherever it lies.

/** Read once at the start: JPEG's EXIF (APP1) and HEIF's ftyp and meta boxes are there in practice. */
const HEAD_BYTES = 64 * 1024;
/** The most read for any one further range (a meta box, an EXIF item): a bogus length does not read a video. */
const MAX_RANGE_BYTES = 1024 * 1024;
/** Top-level boxes looked at before giving up on finding meta (it follows ftyp in HEIF). */
const MAX_TOP_BOXES = 16;
const EXIF_IFD = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const CREATE_DATE = 0x9004;
const OFFSET_TIME_ORIGINAL = 0x9011;
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
// HEIF photos (HEVC-coded, as phones write them) and AVIF, which stores EXIF the same way.
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif']);

export interface PhotoFile {
  size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** ISO-8601 ("2019-06-01T23:30:00+03:00", without the offset when the camera wrote none), or null. */
export async function captureDate(file: PhotoFile): Promise<string | null> {
  try {
    const bytes = await byteSource(file);
    const head = await bytes.range(0, Math.min(4, file.size));
    if (head.byteLength >= 2 && head.getUint16(0) === 0xffd8) return await jpegCaptureDate(bytes);
    return await heifCaptureDate(bytes);
  } catch {
    // A truncated or odd file only loses the hint.
    return null;
  }
}

interface ByteSource {
  size: number;
  /** Bytes [start, end) of the file; a RangeError past its end. */
  range(start: number, end: number): Promise<DataView>;
}

async function byteSource(file: PhotoFile): Promise<ByteSource> {
  const head = await file.slice(0, HEAD_BYTES).arrayBuffer();
  return {
    size: file.size,
    async range(start, end) {
      if (start < 0 || end < start || end > file.size) throw new RangeError('outside the file');
      if (end <= head.byteLength) return new DataView(head, start, end - start);
      if (end - start > MAX_RANGE_BYTES) throw new RangeError('range too large');
      const bytes = await file.slice(start, end).arrayBuffer();
      if (bytes.byteLength !== end - start) throw new RangeError('short read');
      return new DataView(bytes);
    },
  };
}

async function jpegCaptureDate(bytes: ByteSource): Promise<string | null> {
  let at = 2;
  while (at + 4 <= bytes.size) {
    const header = await bytes.range(at, at + 4);
    if (header.getUint8(0) !== 0xff) return null;
    const marker = header.getUint8(1);
    const length = header.getUint16(2);
    if (marker === 0xda) return null;
    if (marker === 0xe1 && length > 8) {
      // "Exif\0\0" in an APP1 segment, then the TIFF block.
      const segment = await bytes.range(at + 4, at + 2 + length);
      if (segment.getUint32(0) === 0x45786966 && segment.getUint16(4) === 0) return fromTiff(segment, 6);
    }
    at += 2 + length;
  }
  return null;
}

interface Box {
  type: string;
  /** Offset of the box's content (after size and type), relative to the view the box was read from. */
  body: number;
  end: number;
}

function boxAt(view: DataView, at: number, limit: number): Box {
  let size = view.getUint32(at);
  const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
  let body = at + 8;
  if (size === 1) {
    size = Number(view.getBigUint64(at + 8));
    body += 8;
  } else if (size === 0) {
    size = limit - at;
  }
  if (size < body - at || at + size > limit) throw new RangeError(`bad ${type} box`);
  return { type, body, end: at + size };
}

function childBoxes(view: DataView, from: number, to: number): Box[] {
  const found: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    const box = boxAt(view, at, to);
    found.push(box);
    at = box.end;
  }
  return found;
}

/**
 * HEIF (ISO/IEC 14496-12 and 23008-12): ftyp, then the top-level meta box; its iinf names the 'Exif' item and its
 * iloc says where the item's bytes are (in the file, or in meta's idat). The item is a 4-byte offset to the TIFF
 * header, then the TIFF block.
 */
async function heifCaptureDate(bytes: ByteSource): Promise<string | null> {
  const first = await bytes.range(0, Math.min(16, bytes.size));
  const ftyp = boxAt(first, 0, bytes.size);
  if (ftyp.type !== 'ftyp' || !HEIF_BRANDS.has(fourCc(first, ftyp.body))) return null;
  let at = ftyp.end;
  for (let i = 0; i < MAX_TOP_BOXES && at + 8 <= bytes.size; i++) {
    const header = await bytes.range(at, Math.min(at + 16, bytes.size));
    const box = boxAt(header, 0, bytes.size - at);
    if (box.type === 'meta') {
      const meta = await bytes.range(at, at + box.end);
      const item = exifItem(meta, box);
      if (!item) return null;
      const exif = item.inMeta ? new DataView(meta.buffer, meta.byteOffset + item.start, item.end - item.start) : await bytes.range(item.start, item.end);
      return fromTiff(exif, 4 + exif.getUint32(0));
    }
    at += box.end;
  }
  return null;
}

const fourCc = (view: DataView, at: number) =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

/** Where the Exif item's bytes are: in the file (absolute offsets) or inside the meta view (idat). */
function exifItem(meta: DataView, box: Box): { start: number; end: number; inMeta: boolean } | null {
  const children = childBoxes(meta, box.body + 4, box.end); // meta is a full box
  const iinf = children.find((child) => child.type === 'iinf');
  const iloc = children.find((child) => child.type === 'iloc');
  if (!iinf || !iloc) return null;
  const id = exifItemId(meta, iinf);
  if (id === null) return null;
  const idat = children.find((child) => child.type === 'idat');
  const extent = itemExtent(meta, iloc, id);
  if (!extent) return null;
  if (extent.method === 1) {
    if (!idat) return null;
    const start = idat.body + extent.offset;
    const end = extent.length ? start + extent.length : idat.end;
    return end <= idat.end ? { start, end, inMeta: true } : null;
  }
  // Offsets (construction method 0) count from the start of the file. A length of 0 means "to the end of the file":
  // an EXIF block is never that large, so it is not followed.
  if (!extent.length) return null;
  return { start: extent.offset, end: extent.offset + extent.length, inMeta: false };
}

function exifItemId(view: DataView, iinf: Box): number | null {
  const version = view.getUint8(iinf.body);
  const first = iinf.body + 4 + (version === 0 ? 2 : 4);
  for (const infe of childBoxes(view, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const v = view.getUint8(infe.body);
    if (v < 2) continue; // version 0 and 1 entries carry no item type
    const id = v === 2 ? view.getUint16(infe.body + 4) : view.getUint32(infe.body + 4);
    const typeAt = infe.body + 4 + (v === 2 ? 2 : 4) + 2;
    if (fourCc(view, typeAt) === 'Exif') return id;
  }
  return null;
}

function sized(view: DataView, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return view.getUint32(at);
  if (size === 8) return Number(view.getBigUint64(at));
  throw new RangeError(`field size ${size}`);
}

/** The item's single extent from iloc (versions 0–2): base offset plus the extent's offset, its length, and method. */
function itemExtent(view: DataView, iloc: Box, wanted: number): { offset: number; length: number; method: number } | null {
  let at = iloc.body;
  const version = view.getUint8(at);
  at += 4;
  const offsetSize = view.getUint8(at) >> 4;
  const lengthSize = view.getUint8(at) & 15;
  const baseSize = view.getUint8(at + 1) >> 4;
  const indexSize = version >= 1 ? view.getUint8(at + 1) & 15 : 0;
  at += 2;
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? view.getUint16(at) : view.getUint32(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version >= 1) {
      method = view.getUint16(at) & 15;
      at += 2;
    }
    at += 2; // data_reference_index
    const base = sized(view, at, baseSize);
    at += baseSize;
    const extents = view.getUint16(at);
    at += 2;
    let first: { offset: number; length: number } | null = null;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = sized(view, at, offsetSize);
      at += offsetSize;
      const length = sized(view, at, lengthSize);
      at += lengthSize;
      first ??= { offset, length };
    }
    if (id !== wanted) continue;
    // EXIF is one extent, stored in the file or in idat, in practice; anything else is not guessed at.
    if (!first || extents !== 1 || (method !== 0 && method !== 1)) return null;
    return { offset: base + first.offset, length: first.length, method };
  }
  return null;
}

function fromTiff(view: DataView, tiff: number): string | null {
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (o: number) => view.getUint16(tiff + o, little);
  const u32 = (o: number) => view.getUint32(tiff + o, little);
  const entries = (ifd: number) => {
    const found = new Map<number, number>();
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const e = ifd + 2 + i * 12;
      found.set(u16(e), e);
    }
    return found;
  };
  const ascii = (entry: number | undefined) => {
    if (entry === undefined || u16(entry + 2) !== 2) return null;
    const n = u32(entry + 4);
    const from = n <= 4 ? entry + 8 : u32(entry + 8);
    let text = '';
    for (let i = 0; i < n; i++) {
      const c = view.getUint8(tiff + from + i);
      if (c === 0) break;
      text += String.fromCharCode(c);
    }
    return text.trim();
  };
  const exifPointer = entries(u32(4)).get(EXIF_IFD);
  if (exifPointer === undefined) return null;
  const exif = entries(u32(exifPointer + 8));
  const m = EXIF_DATE.exec(ascii(exif.get(DATE_TIME_ORIGINAL)) ?? '') ?? EXIF_DATE.exec(ascii(exif.get(CREATE_DATE)) ?? '');
  if (!m || m[1] === '0000') return null;
  const offset = ascii(exif.get(OFFSET_TIME_ORIGINAL));
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : ''}`;
}
