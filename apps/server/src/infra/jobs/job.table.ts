import type { Selectable } from 'kysely';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: string;
  type: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  /** The schedule this occurrence belongs to; null for one-off jobs. */
  schedule_key: string | null;
  created_at: number;
  updated_at: number;
}
export type JobRow = Selectable<JobTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../db/schema.js' {
  interface DB {
    job: JobTable;
  }
}
