import type { Generated, Selectable } from 'kysely';

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
  /** Whose turn this job takes in a fair type (media: the account); null when the type is not fair. */
  fair_key: string | null;
  /** The round of its key's turns this job belongs to; claiming takes lower rounds first (0 for other types). */
  fair_rank: Generated<number>;
  created_at: number;
  updated_at: number;
}
export type JobRow = Selectable<JobTable>;

/** One run of a server process that may hold job leases; its heartbeat says it is alive. */
export interface JobInstanceTable {
  run_id: string;
  /** Stable across restarts of the same process slot (INSTANCE_ID), so a new run knows what its previous run held. */
  name: string;
  started_at: number;
  heartbeat_at: number;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../db/schema.js' {
  interface DB {
    job: JobTable;
    job_instance: JobInstanceTable;
  }
}
