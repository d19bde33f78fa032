import type { Selectable } from 'kysely';

export interface RemoteConfigTable {
  name: string;
  /** '*' holds the value for every language; a language code overrides it. */
  language: string;
  value: string;
}

export type RemoteConfigType = 'boolean' | 'integer' | 'string' | 'enum' | 'json';

/** The registry: what a key may hold (issue 27). A key that is not registered cannot be edited from the console. */
export interface RemoteConfigKeyTable {
  name: string;
  type: RemoteConfigType;
  /** JSON array of an enum key's allowed values; null otherwise. */
  allowed: string | null;
  /** Integers: the range; strings and JSON: the length. */
  min: number | null;
  max: number | null;
  description: string;
}
export type RemoteConfigKey = Selectable<RemoteConfigKeyTable>;

/** Every value a (name, language) has had, newest last; the newest equals the row in remote_config. */
export interface RemoteConfigVersionTable {
  id: string;
  name: string;
  language: string;
  value: string;
  operator_id: string | null;
  operator_email: string | null;
  reason: string | null;
  rolled_back_from: string | null;
  created_at: number;
}
export type RemoteConfigVersion = Selectable<RemoteConfigVersionTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    remote_config: RemoteConfigTable;
    remote_config_key: RemoteConfigKeyTable;
    remote_config_version: RemoteConfigVersionTable;
  }
}
