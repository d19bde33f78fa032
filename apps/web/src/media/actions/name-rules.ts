/** The server's name rules (apps/server/src/shared/names.ts), checked before sending. */
export const MAX_NAME_LENGTH = 255;

export type NameProblem = 'empty' | 'dots' | 'slash' | 'control' | 'too_long';

export function nameProblem(raw: string): NameProblem | null {
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) return 'empty';
  if (name === '.' || name === '..') return 'dots';
  if (/[/\\]/.test(name)) return 'slash';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control';
  if ([...name].length > MAX_NAME_LENGTH) return 'too_long';
  return null;
}

/** The part of a file name to pre-select when renaming: the name without its extension. */
export function stemLength(name: string, isFolder: boolean): number {
  const dot = isFolder ? -1 : name.lastIndexOf('.');
  return dot > 0 ? dot : name.length;
}
