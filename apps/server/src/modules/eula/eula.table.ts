import type { Selectable } from 'kysely';

export interface EulaTable {
  id: number;
  locale: string;
  version: number;
  content: string;
  created_at: number;
}
export type Eula = Selectable<EulaTable>;
