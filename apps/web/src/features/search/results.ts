import type { Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/files';
import type { SearchDocumentType, SearchHit, SearchKind } from './api';

/** The kinds in the order of their filter chips. */
export const SEARCH_KINDS: readonly SearchKind[] = ['PHOTO', 'VIDEO', 'DOCUMENT', 'FOLDER', 'ALBUM', 'OTHER'];
export const DOCUMENT_TYPES: readonly SearchDocumentType[] = ['WORD', 'PDF', 'CELL', 'SLIDE'];

export function parseKind(value: string | null): SearchKind | null {
  return SEARCH_KINDS.find((kind) => kind === value) ?? null;
}

export function parseDocumentType(value: string | null): SearchDocumentType | null {
  return DOCUMENT_TYPES.find((type) => type === value) ?? null;
}

/** The results of the loaded pages by kind, each in the server's (relevance) order. */
export interface GroupedResults {
  /** Photos and videos together: one grid, one viewer walk. */
  media: FileItem[];
  folders: FileItem[];
  albums: Album[];
  documents: FileItem[];
  others: FileItem[];
  /** What matched, by item uuid, where it was not the name ("found in the description"). */
  matched: Map<string, Exclude<SearchHit['matchedField'], 'name'>>;
}

/** Sorts hits into their groups; a hit without the item its kind needs is skipped. Duplicates (page seams) once. */
export function groupSearchHits(hits: readonly SearchHit[]): GroupedResults {
  const groups: GroupedResults = { media: [], folders: [], albums: [], documents: [], others: [], matched: new Map() };
  const seen = new Set<string>();
  for (const hit of hits) {
    const uuid = hit.kind === 'ALBUM' ? hit.album?.uuid : hit.file?.uuid;
    if (!uuid || seen.has(`${hit.kind}:${uuid}`)) continue;
    seen.add(`${hit.kind}:${uuid}`);
    if (hit.matchedField !== 'name') groups.matched.set(uuid, hit.matchedField);
    if (hit.kind === 'ALBUM') groups.albums.push(hit.album!);
    else if (hit.kind === 'PHOTO' || hit.kind === 'VIDEO') groups.media.push(hit.file!);
    else if (hit.kind === 'FOLDER') groups.folders.push(hit.file!);
    else if (hit.kind === 'DOCUMENT') groups.documents.push(hit.file!);
    else groups.others.push(hit.file!);
  }
  return groups;
}
