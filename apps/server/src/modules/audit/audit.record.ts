import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { toLanguage } from '../../shared/schemas.js';
import { newId } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import { createNotification } from '../notification/notification.public.js';
import { chainHash } from './audit.chain.js';
import { operatorActionNotice } from './audit.messages.js';
import * as repo from './audit.repository.js';

export type AuditTargetKind = 'account' | 'operator' | 'plan' | 'config' | 'order' | 'payment' | 'audit' | 'session' | 'draw_campaign' | 'campaign' | 'support';

export interface AuditEntryInput {
  operator: OperatorContext | null;
  /** Dotted verb: subscriber.suspend, operator.signin, … */
  action: string;
  targetKind: AuditTargetKind;
  targetId: string | null;
  /** The subscriber acted on: they are told (not who) in their notifications. */
  accountId: string | null;
  reason: string | null;
  /** Counts, sizes, ids and statuses only: never file names, contents, contacts or messages. */
  before?: unknown;
  after?: unknown;
  /** Where the call came from and who it claimed to be when there is no operator yet (a failed sign-in). */
  ip?: string | null;
  operatorEmail?: string | null;
}

/** Reading an account's details changes nothing on it: the subscriber is not notified of views. */
const SILENT = new Set(['subscriber.view']);

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/**
 * Appends one row to the audit chain. Call it inside the transaction of the change it records, so both commit or
 * neither does; given the plain database it opens its own (the head row's lock must last until the row is written).
 */
export async function recordOperatorAction(db: Transaction<DB> | Kysely<DB>, entry: AuditEntryInput): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => recordOperatorAction(trx, entry));
    return;
  }
  const head = await repo.advanceHead(db);
  const seq = Number(head.seq);
  const row = {
    seq,
    id: newId(),
    at: Date.now(),
    operator_id: entry.operator?.operatorId ?? null,
    operator_email: entry.operator?.email ?? entry.operatorEmail ?? null,
    action: entry.action,
    target_kind: entry.targetKind,
    target_id: entry.targetId,
    account_id: entry.accountId,
    ip: entry.operator?.ip ?? entry.ip ?? null,
    reason: entry.reason,
    before_json: json(entry.before),
    after_json: json(entry.after),
    prev_hash: head.hash,
  };
  const hash = chainHash(row);
  await repo.insert(db, { ...row, hash });
  await repo.setHeadHash(db, seq, hash);
  if (entry.accountId && !SILENT.has(entry.action)) {
    const account = await getAccount(db, entry.accountId);
    if (account) {
      const notice = operatorActionNotice(toLanguage(account.language, 'tr'), entry.action);
      await createNotification(db, account.id, { type: 'OPERATOR_ACTION', language: account.language, ...notice });
    }
  }
}
