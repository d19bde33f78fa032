// Google Photos Takeout's JSON sidecars: which one belongs to a photo, and what it says. Pure functions.
//
// Takeout writes `<name>.json` (newer exports `<name>.supplemental-metadata.json`) beside each photo, with three quirks:
// - the sidecar's name is cut to 51 characters, ".json" included (`<name>` loses its end, even inside the extension);
// - an edited copy `IMG_1-edited.jpg` (the suffix is localised: -bearbeitet, -modifié…) has no sidecar of its own: it
//   shares the original's `IMG_1.jpg.json`;
// - the second photo named `IMG_1.jpg` in a folder becomes `IMG_1(1).jpg`, and its sidecar `IMG_1.jpg(1).json`.

/** The longest sidecar name Takeout writes, ".json" included. */
const MAX_SIDECAR_NAME = 51;
const JSON_EXT = '.json';
const SUPPLEMENTAL = '.supplemental-metadata';
/** The suffixes Takeout gives edited copies, in the languages Google Photos writes them. */
const EDITED = ['-edited', '-bearbeitet', '-modifié', '-editado', '-modificato', '-bewerkt', '-düzenlenmiş', '-redigert', '-muokattu', '-redigerad'];

/** Photo and video formats the import brings in (lower-case extensions); everything else in the archive is ignored. */
export const MEDIA_EXTENSIONS = new Set([
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif', 'bmp', 'tif', 'tiff', 'dng', 'cr2', 'nef', 'arw', 'raw',
  'mp4', 'mov', 'm4v', '3gp', 'avi', 'mkv', 'webm', 'mts', 'm2ts', 'wmv', 'mpg', 'mpeg',
]);

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};
export const isMediaName = (name: string) => MEDIA_EXTENSIONS.has(extensionOf(name));

const cut = (stem: string) => stem.slice(0, MAX_SIDECAR_NAME - JSON_EXT.length) + JSON_EXT;

/** The sidecar names Takeout could have written for a photo named `name`, most specific first. */
export function sidecarCandidates(name: string): string[] {
  const names: string[] = [];
  const add = (stem: string) => {
    for (const s of [stem + SUPPLEMENTAL, stem]) {
      const whole = s + JSON_EXT;
      if (!names.includes(whole)) names.push(whole);
      const short = cut(s);
      if (!names.includes(short)) names.push(short);
    }
  };
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  // IMG_1(1).jpg → IMG_1.jpg(1).json (the counter after the whole name, the cut applied before it).
  const dup = /^(.*)\((\d+)\)$/.exec(base);
  if (dup) {
    const original = dup[1]! + ext;
    const counter = `(${dup[2]})`;
    for (const s of [original + SUPPLEMENTAL, original]) {
      const whole = `${s}${counter}${JSON_EXT}`;
      if (!names.includes(whole)) names.push(whole);
      const short = s.slice(0, MAX_SIDECAR_NAME - JSON_EXT.length - counter.length) + counter + JSON_EXT;
      if (!names.includes(short)) names.push(short);
    }
  }
  add(name);
  // IMG_1-edited.jpg → the original's sidecar.
  const lower = base.toLowerCase();
  const edited = EDITED.find((s) => lower.endsWith(s));
  if (edited) add(base.slice(0, base.length - edited.length) + ext);
  return names;
}

/** The sidecar of `name` among the JSON files of its folder (by exact name), or null. */
export function findSidecar<T>(name: string, jsonInFolder: ReadonlyMap<string, T>): T | null {
  for (const candidate of sidecarCandidates(name)) {
    const found = jsonInFolder.get(candidate);
    if (found !== undefined) return found;
  }
  return null;
}

/** What a sidecar tells about its photo. */
export interface SidecarFacts {
  takenAt: number | null;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  favourite: boolean;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** Reads a sidecar defensively: a missing or odd field is null, never an error. Google writes 0,0 for "no place". */
export function readSidecar(json: unknown): SidecarFacts {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const time = (key: string) => {
    const v = o[key] as { timestamp?: unknown } | undefined;
    const s = num(v?.timestamp);
    return Number.isFinite(s) && s > 0 ? s * 1000 : null;
  };
  const place = (key: string) => {
    const g = o[key] as { latitude?: unknown; longitude?: unknown } | undefined;
    const lat = num(g?.latitude);
    const lng = num(g?.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) return null;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    return { lat, lng };
  };
  const where = place('geoData') ?? place('geoDataExif');
  const description = typeof o.description === 'string' && o.description.trim() !== '' ? o.description.trim().slice(0, 4000) : null;
  return {
    takenAt: time('photoTakenTime') ?? time('creationTime'),
    latitude: where?.lat ?? null,
    longitude: where?.lng ?? null,
    description,
    favourite: o.favorited === true,
  };
}

/** An album folder's title from its `metadata.json`; null for the year folders ("Photos from 2019") and the rest. */
export function albumTitle(folderName: string, metadata: unknown): string | null {
  if (/^Photos from \d{4}$/.test(folderName)) return null;
  const title = (metadata as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim().slice(0, 255) : null;
}
