import zlib from 'node:zlib';

export interface ZipItem {
  name: string;
  method: number;
  data: Buffer;
}

/** Reads a whole archive through its central directory, as unzip does, checking every CRC. */
export function readZip(zip: Buffer): ZipItem[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= 0; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const items: ZipItem[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const raw = zip.subarray(p + 46, p + 46 + nameLength);
    const name = flags & 0x800 ? raw.toString('utf8') : raw.toString('latin1');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const stored = zip.subarray(dataStart, dataStart + compressed);
    const data = method === 8 ? zlib.inflateRawSync(stored) : Buffer.from(stored);
    if (zlib.crc32(data) !== crc) throw new Error(`CRC mismatch for ${name}`);
    items.push({ name, method, data });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return items;
}
