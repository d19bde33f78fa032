import { ValidationError } from './errors.js';

export const MAX_NAME_LENGTH = 255;

/** Any name a person would type, except path separators, control characters, "." and "..", and over-long names. */
export function validateName(raw: string, field = 'name'): string {
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) throw ValidationError('Name must not be empty.', field);
  if (name === '.' || name === '..') throw ValidationError('Name must not be "." or "..".', field);
  if (/[/\\]/.test(name)) throw ValidationError('Name must not contain / or \\.', field);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw ValidationError('Name must not contain control characters.', field);
  if ([...name].length > MAX_NAME_LENGTH || Buffer.byteLength(name) > 1020) {
    throw ValidationError(`Name must be at most ${MAX_NAME_LENGTH} characters.`, field);
  }
  return name;
}

/** Key for clash detection and sorting: case-insensitive, locale-independent. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

/** "report.pdf" → "report (2).pdf"; folders and dot-files keep the whole name as the stem. */
export function numberedName(name: string, n: number, isFolder: boolean): string {
  const dot = isFolder ? -1 : name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  return `${stem} (${n})${ext}`;
}
