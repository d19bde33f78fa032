import { createGzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import * as tar from 'tar-stream';
import { ZipFile } from 'yazl';
import { readAll } from './migration.fixtures.js';

// A Google Photos Takeout built in the test, with sidecars as Google writes them: dates as epoch-second strings and a
// "formatted" text, geoData (0,0 when there is no place), descriptions, "favorited", album folders with metadata.json,
// a name long enough that the sidecar's name is cut at 51 characters, an "-edited" copy sharing the original's sidecar,
// and a second "IMG_0001.jpg" that Takeout renamed "IMG_0001(1).jpg" with the sidecar "IMG_0001.jpg(1).json".

export interface TakeoutPhoto {
  /** The name inside the archive. */
  name: string;
  /** Folder under "Takeout/Google Photos/". */
  folder: string;
  bytes: Buffer;
  /** Expected after the import: epoch ms, place, description, favourite. */
  takenAt: number;
  place: { lat: number; lng: number } | null;
  description: string | null;
  favourite: boolean;
}

const ROOT = 'Takeout/Google Photos';
export const LONG_NAME = 'Screenshot_20190704-183012_Very Long Application Name.jpg';

function sidecar(title: string, p: Omit<TakeoutPhoto, 'name' | 'folder' | 'bytes'>) {
  const seconds = String(Math.floor(p.takenAt / 1000));
  const geo = p.place ? { latitude: p.place.lat, longitude: p.place.lng, altitude: 12.5, latitudeSpan: 0, longitudeSpan: 0 } : { latitude: 0, longitude: 0, altitude: 0, latitudeSpan: 0, longitudeSpan: 0 };
  return {
    title,
    description: p.description ?? '',
    imageViews: '3',
    creationTime: { timestamp: String(Number(seconds) + 86_400 * 30), formatted: 'later' },
    photoTakenTime: { timestamp: seconds, formatted: new Date(p.takenAt).toUTCString() },
    geoData: geo,
    geoDataExif: geo,
    url: 'https://photos.google.com/photo/AF1QipN',
    googlePhotosOrigin: { mobileUpload: { deviceType: 'ANDROID_PHONE' } },
    ...(p.favourite ? { favorited: true } : {}),
  };
}

const jpeg = (r: number, g: number, b: number) => sharp({ create: { width: 16, height: 12, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();

/** The photos of the fixture and every entry of its archive (path → bytes), sidecars included. */
export async function takeoutFixture(): Promise<{ photos: TakeoutPhoto[]; entries: Array<[string, Buffer]>; album: { title: string; names: string[] } }> {
  const day = (y: number, m: number, d: number, h = 12) => Date.UTC(y, m - 1, d, h, 30);
  const photos: TakeoutPhoto[] = [
    { name: 'IMG_20190612_101500.jpg', folder: 'Photos from 2019', bytes: await jpeg(200, 10, 10), takenAt: day(2019, 6, 12, 10), place: { lat: 41.0082, lng: 28.9784 }, description: 'Boğaz’da kahvaltı', favourite: true },
    { name: 'IMG_20190612_101500-edited.jpg', folder: 'Photos from 2019', bytes: await jpeg(210, 20, 20), takenAt: day(2019, 6, 12, 10), place: { lat: 41.0082, lng: 28.9784 }, description: 'Boğaz’da kahvaltı', favourite: true },
    { name: LONG_NAME, folder: 'Photos from 2019', bytes: await jpeg(10, 200, 10), takenAt: day(2019, 7, 4, 18), place: null, description: null, favourite: false },
    { name: 'IMG_0001.jpg', folder: 'Photos from 2020', bytes: await jpeg(10, 10, 200), takenAt: day(2020, 1, 2), place: { lat: 39.9334, lng: 32.8597 }, description: null, favourite: false },
    { name: 'IMG_0001(1).jpg', folder: 'Photos from 2020', bytes: await jpeg(20, 20, 220), takenAt: day(2020, 3, 4), place: { lat: 38.4237, lng: 27.1428 }, description: 'İzmir', favourite: true },
    { name: 'VID_20200805_200000.mp4', folder: 'Photos from 2020', bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(300, 7)]), takenAt: day(2020, 8, 5, 20), place: null, description: null, favourite: false },
  ];
  const entries: Array<[string, Buffer]> = [];
  const json = (o: unknown) => Buffer.from(JSON.stringify(o, null, 2));
  for (const p of photos) {
    entries.push([`${ROOT}/${p.folder}/${p.name}`, p.bytes]);
    if (p.name.includes('-edited')) continue;
    let sidecarName = `${p.name}.json`;
    if (p.name === LONG_NAME) sidecarName = `${p.name}.json`.slice(0, 46) + '.json';
    if (p.name === 'IMG_0001(1).jpg') sidecarName = 'IMG_0001.jpg(1).json';
    entries.push([`${ROOT}/${p.folder}/${sidecarName}`, json(sidecar(p.name, p))]);
  }
  // An album folder: copies of two photos (Takeout repeats them there) and its metadata.json.
  const album = { title: 'Yaz Tatili 2019', names: ['IMG_20190612_101500.jpg', LONG_NAME] };
  for (const name of album.names) {
    const p = photos.find((x) => x.name === name)!;
    entries.push([`${ROOT}/Yaz Tatili 2019/${name}`, p.bytes]);
  }
  entries.push([`${ROOT}/Yaz Tatili 2019/metadata.json`, json({ title: album.title, description: '', access: 'protected', date: { timestamp: '1562000000', formatted: 'Jul 1, 2019' } })]);
  entries.push([`${ROOT}/Photos from 2019/metadata.json`, json({ title: 'Photos from 2019' })]);
  entries.push(['Takeout/archive_browser.html', Buffer.from('<html>Takeout</html>')]);
  return { photos, entries, album };
}

export async function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, bytes] of entries) zip.addBuffer(bytes, path);
  zip.end();
  return readAll(zip.outputStream as Readable);
}

export async function tgzOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, bytes] of entries) pack.entry({ name, size: bytes.length }, bytes);
  pack.finalize();
  const gzip = createGzip();
  const out = readAll(gzip);
  for await (const chunk of pack) gzip.write(chunk);
  gzip.end();
  return out;
}
