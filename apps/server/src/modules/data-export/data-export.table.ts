import type { Selectable, Updateable } from 'kysely';

export type ExportStatus = 'RUNNING' | 'READY' | 'FAILED';

/** One part of an export as written: its blob, its size in bytes and the files it holds. */
export interface ExportPart {
  key: string;
  bytes: number;
  files: number;
}

/** An account's "Download all my data" request: built part by part by a durable job, kept 7 days once ready. */
export interface DataExportTable {
  account_id: string;
  id: string;
  status: ExportStatus;
  /** The largest part in bytes, fixed when the export starts so a resumed job cuts the parts where the first run did. */
  part_limit: number;
  /** -1 until the job has counted the files. */
  files_total: number;
  bytes_total: number;
  files_done: number;
  bytes_done: number;
  /** The id of the last file in the parts written; null: none yet. A restarted job goes on after it. */
  cursor: string | null;
  /** JSON: ExportPart[] in order. */
  parts: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** When a ready export's links stop working and housekeeping removes it. */
  expires_at: number | null;
}

export type DataExportRow = Selectable<DataExportTable>;
export type DataExportUpdate = Updateable<DataExportTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    data_export: DataExportTable;
  }
}
