import { createHash } from 'node:crypto';
import type { OperatorAudit } from './audit.table.js';

export const GENESIS_HASH = '0'.repeat(64);

/** The row's fields in a fixed order (everything but its own hash), as the hash covers them. */
export function canonicalJson(row: Omit<OperatorAudit, 'hash'>): string {
  return JSON.stringify([
    Number(row.seq),
    row.id,
    Number(row.at),
    row.operator_id,
    row.operator_email,
    row.action,
    row.target_kind,
    row.target_id,
    row.account_id,
    row.ip,
    row.reason,
    row.before_json,
    row.after_json,
    row.prev_hash,
  ]);
}

/** hash = sha256(prev_hash || canonical JSON of the row). */
export const chainHash = (row: Omit<OperatorAudit, 'hash'>): string =>
  createHash('sha256').update(row.prev_hash).update(canonicalJson(row)).digest('hex');

export interface BrokenLink {
  seq: number;
  reason: string;
}

/**
 * Walks rows in seq order from `expected` (the previous row's seq and hash); returns the first broken link or the state
 * to continue from. A changed row fails its own hash; a removed row leaves a gap in seq and a prev_hash that no longer
 * matches.
 */
export function checkRows(rows: readonly OperatorAudit[], expected: { seq: number; hash: string }): { broken: BrokenLink | null; seq: number; hash: string } {
  let { seq, hash } = expected;
  for (const row of rows) {
    const rowSeq = Number(row.seq);
    if (rowSeq !== seq + 1) return { broken: { seq: seq + 1, reason: `row ${seq + 1} is missing` }, seq, hash };
    if (row.prev_hash !== hash) return { broken: { seq: rowSeq, reason: 'previous hash does not match the row before' }, seq, hash };
    if (chainHash(row) !== row.hash) return { broken: { seq: rowSeq, reason: 'row was changed after it was written' }, seq, hash };
    seq = rowSeq;
    hash = row.hash;
  }
  return { broken: null, seq, hash };
}
