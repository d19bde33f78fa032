import { ValidationError } from './errors.js';

export const MAX_NAME_LENGTH = 255;
/** UTF-8 bytes a name may take: four per character at most, and it keeps the name inside the unique index's key limit. */
export const MAX_NAME_BYTES = 1020;

/**
 * Characters that change how a name looks without being seen: direction overrides, embeddings and isolates (a file
 * "\u202Egnp.exe" shows as "exe.png"), direction marks, zero-width space, word joiners, BOM, line/paragraph
 * separators, C1 controls. Zero-width (non-)joiners stay allowed: emoji sequences and several scripts need them.
 */
const INVISIBLE = /[\u0080-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Refuses text a person would read as something else; one rule for file, folder, album and person names. */
export function refuseInvisible(text: string, field: string, what = 'Name'): string {
  if (INVISIBLE.test(text)) throw ValidationError(`${what} must not contain invisible or text-direction control characters.`, field);
  return text;
}

const fits = (name: string) => [...name].length <= MAX_NAME_LENGTH && Buffer.byteLength(name) <= MAX_NAME_BYTES;

/** Any name a person would type, except path separators, control characters, "." and "..", and over-long names. */
export function validateName(raw: string, field = 'name'): string {
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) throw ValidationError('Name must not be empty.', field);
  if (name === '.' || name === '..') throw ValidationError('Name must not be "." or "..".', field);
  if (/[/\\]/.test(name)) throw ValidationError('Name must not contain / or \\.', field);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw ValidationError('Name must not contain control characters.', field);
  refuseInvisible(name, field);
  if (!fits(name)) throw ValidationError(`Name must be at most ${MAX_NAME_LENGTH} characters.`, field);
  return name;
}

/** A person's name or surname as typed: trimmed, may be empty, no control or invisible characters. */
export function validatePersonName(raw: string, field: string): string {
  const name = raw.normalize('NFC').trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw ValidationError('Name must not contain control characters.', field);
  return refuseInvisible(name, field);
}

/** Key for clash detection and sorting: case-insensitive, locale-independent. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

/**
 * "report.pdf" → "report (2).pdf"; folders and dot-files keep the whole name as the stem. The result always fits the
 * name limits: a long stem loses its end, and the extension is cut only when even a one-character stem would not fit.
 */
export function numberedName(name: string, n: number, isFolder: boolean): string {
  const dot = isFolder ? -1 : name.lastIndexOf('.');
  const stem = [...(dot > 0 ? name.slice(0, dot) : name)];
  let ext = [...(dot > 0 ? name.slice(dot) : '')];
  const suffix = ` (${n})`;
  let keep = stem.length;
  const candidate = () => `${stem.slice(0, keep).join('')}${suffix}${ext.join('')}`;
  while (keep > 1 && !fits(candidate())) keep--;
  while (ext.length > 0 && !fits(candidate())) ext = ext.slice(0, -1);
  return candidate();
}

/**
 * The name itself when free, else the lowest "name (n)" (n ≥ 2) that is free. `taken` answers which of the given name
 * keys are in use; candidates are asked in batches, so a crowded folder costs one query per hundred numbers.
 */
export async function freeName(
  name: string,
  isFolder: boolean,
  taken: (keys: string[]) => Promise<Iterable<string>>,
): Promise<string> {
  const BATCH = 100;
  for (let start = 1; ; start += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, i) => (start + i === 1 ? name : numberedName(name, start + i, isFolder)));
    const used = new Set(await taken(candidates.map(nameKey)));
    const free = candidates.find((c) => !used.has(nameKey(c)));
    if (free !== undefined) return free;
  }
}

/** freeName for a set already in memory (the names of one level of a zip archive). */
export function freeNameIn(name: string, isFolder: boolean, used: ReadonlySet<string>): string {
  let candidate = name;
  for (let n = 2; used.has(nameKey(candidate)); n++) candidate = numberedName(name, n, isFolder);
  return candidate;
}
