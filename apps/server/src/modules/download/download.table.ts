import type { Selectable } from 'kysely';

/** A zip link's item list; the signed token carries only this row's id. */
export interface DownloadZipTable {
  id: string;
  account_id: string;
  /** JSON array of uuids. */
  file_ids: string;
  created_at: number;
  expires_at: number;
}
export type DownloadZipRow = Selectable<DownloadZipTable>;
