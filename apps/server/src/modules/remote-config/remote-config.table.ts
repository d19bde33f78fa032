export interface RemoteConfigTable {
  name: string;
  /** '*' holds the value for every language; a language code overrides it. */
  language: string;
  value: string;
}
