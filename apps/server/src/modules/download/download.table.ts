import type { Selectable } from 'kysely';

/** A zip link's item list; the signed token carries only this row's id. */
export interface DownloadZipTable {
  id: string;
  account_id: string;
  /** JSON array of uuids. */
  file_ids: string;
  /** The archive's name without ".zip" (an album's label); null: the generic dated name. */
  name: string | null;
  created_at: number;
  expires_at: number;
}
export type DownloadZipRow = Selectable<DownloadZipTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    download_zip: DownloadZipTable;
  }
}
