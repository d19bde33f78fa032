export interface RemoteConfigTable {
  name: string;
  /** '*' holds the value for every language; a language code overrides it. */
  language: string;
  value: string;
}

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    remote_config: RemoteConfigTable;
  }
}
