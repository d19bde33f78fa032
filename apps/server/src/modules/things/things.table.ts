import type { Insertable, Selectable } from 'kysely';

/** A kind of object (a model class key, e.g. 'dog') the account has photos of. */
export interface ThingTable {
  id: string;
  account_id: string;
  tag: string;
}

/** An object class found in a photo, with the detector's best score for it. */
export interface FileThingTable {
  file_id: string;
  thing_id: string;
  account_id: string;
  score: number;
}

/** A photo the detector has looked at (found something or not), so backfill and progress know what is done. */
export interface ThingScanTable {
  file_id: string;
  account_id: string;
  scanned_at: number;
}

export type ThingRow = Selectable<ThingTable>;
export type NewThing = Insertable<ThingTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    thing: ThingTable;
    file_thing: FileThingTable;
    thing_scan: ThingScanTable;
  }
}
