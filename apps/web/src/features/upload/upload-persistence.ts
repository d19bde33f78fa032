import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { KEEP_BOTH, REPLACE, type UploadStrategy } from './upload-clash';

/** What survives a reload of an unfinished upload: enough to recognise the file and ask the server how far it got. */
export interface PendingUpload {
  uuid: string;
  name: string;
  size: number;
  lastModified: number;
  parentUuid: string | null;
  /** Replace or keep both (issue 33): an upload the server forgot starts over with the same choice. */
  strategy?: UploadStrategy;
  /** Started with "Add to Family library" (the server keeps it with the upload; this starts it over the same way). */
  familyLibrary?: boolean;
}

export interface PendingUploadStore {
  load: () => PendingUpload[];
  save: (entry: PendingUpload) => void;
  remove: (uuid: string) => void;
}

function isPending(value: unknown): value is PendingUpload {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.uuid === 'string' &&
    typeof entry.name === 'string' &&
    typeof entry.size === 'number' &&
    typeof entry.lastModified === 'number' &&
    (entry.parentUuid === null || typeof entry.parentUuid === 'string') &&
    (entry.strategy === undefined || entry.strategy === KEEP_BOTH || entry.strategy === REPLACE)
  );
}

function read(): PendingUpload[] {
  const raw = readStorage(storageKeys.pendingUploads);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isPending) : [];
  } catch {
    return [];
  }
}

function write(entries: PendingUpload[]): void {
  writeStorage(storageKeys.pendingUploads, entries.length > 0 ? JSON.stringify(entries) : null);
}

/** Unfinished uploads in local storage (key pendingUploads; logout clears it). */
export const localPendingUploads: PendingUploadStore = {
  load: read,
  save(entry) {
    write([...read().filter((existing) => existing.uuid !== entry.uuid), entry]);
  },
  remove(uuid) {
    const entries = read();
    const kept = entries.filter((existing) => existing.uuid !== uuid);
    if (kept.length !== entries.length) write(kept);
  },
};

/** The same file chosen again: same name, size and modification time. */
export function sameFile(entry: Pick<PendingUpload, 'name' | 'size' | 'lastModified'>, file: Pick<File, 'name' | 'size' | 'lastModified'>): boolean {
  return entry.name === file.name && entry.size === file.size && entry.lastModified === file.lastModified;
}
