import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { OperatorContext } from '../../shared/operator-context.js';

// The audit writer's contract (docs: ops-contract, "Audit"), as this module calls it. The module is built with the
// audit module's `recordOperatorAction`, which has this shape.

/** The operator acting (the console's principal). */
export type ActingOperator = OperatorContext;

export interface OperatorActionEntry {
  operator: ActingOperator | null;
  action: string;
  targetKind: 'account' | 'operator' | 'plan' | 'config' | 'order' | 'payment' | 'audit' | 'session';
  targetId: string | null;
  accountId: string | null;
  reason: string | null;
  /** Counts, sizes, ids and statuses only: never file names, contents, contacts or messages. */
  before?: unknown;
  after?: unknown;
}

export type RecordOperatorAction = (trx: Transaction<DB> | Kysely<DB>, entry: OperatorActionEntry) => Promise<void>;
