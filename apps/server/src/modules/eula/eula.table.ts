import type { Selectable } from 'kysely';

export interface EulaTable {
  id: number;
  locale: string;
  version: number;
  content: string;
  created_at: number;
}
export type Eula = Selectable<EulaTable>;

/** The privacy notice, versioned per language like the terms of use. */
export type PrivacyPolicyTable = EulaTable;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    eula: EulaTable;
    privacy_policy: PrivacyPolicyTable;
  }
}
