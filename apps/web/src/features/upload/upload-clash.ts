// Issue 33: files uploaded into a folder that already holds a file of the same name. The user chooses once for all of
// them: replace (the server keeps the old content as a version), keep both (a numbered name) or skip.

/** X-Meta-Strategy: 0 keeps both (the new file gets a numbered name), 1 replaces the file of the same name. */
export const KEEP_BOTH = 0;
export const REPLACE = 1;
export type UploadStrategy = typeof KEEP_BOTH | typeof REPLACE;

export type ClashChoice = 'replace' | 'keepBoth' | 'skip';

/** One file to queue and what the server does when its name is taken. */
export interface PlannedUpload {
  file: File;
  strategy: UploadStrategy;
}

/** What a folder holds, as its listing gives it. */
export interface ExistingItem {
  name: string;
  folder: boolean;
}

/** Files whose name the server would find taken (its rule: trimmed, NFC, case-insensitive). */
export const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/**
 * The files that clash with a file already in the folder. A folder of the same name is not a clash: the server never
 * replaces a folder, it gives the file a numbered name, as it does today. Empty files are not uploaded at all.
 */
export function clashingFiles(files: readonly File[], existing: readonly ExistingItem[]): File[] {
  const taken = new Set(existing.filter((item) => !item.folder).map((item) => nameKey(item.name)));
  return files.filter((file) => file.size > 0 && taken.has(nameKey(file.name)));
}

/**
 * What goes to the server after the choice: only the clashing files are sent with "replace", so a clash the listing
 * did not show (a hidden file, a file added meanwhile) still keeps both; skipped files are not sent at all.
 */
export function planUploads(files: readonly File[], clashing: readonly File[], choice: ClashChoice): PlannedUpload[] {
  const clashes = new Set(clashing);
  return files
    .filter((file) => !(choice === 'skip' && clashes.has(file)))
    .map((file) => ({ file, strategy: choice === 'replace' && clashes.has(file) ? REPLACE : KEEP_BOTH }));
}
