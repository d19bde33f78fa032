import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { checkRows, GENESIS_HASH } from './audit.chain.js';
import { recordOperatorAction } from './audit.record.js';
import * as repo from './audit.repository.js';
import { csvHeader, csvLine, toAuditEntry, type AuditVerification } from './audit.schemas.js';

const PAGE = 50;
const BATCH = 1000;
/** An export is one file a person opens; beyond this, narrow it with the filters. */
const EXPORT_MAX = 100_000;

/** Walks the whole chain in seq order and checks it ends at the head; the first broken link, if any. */
export async function verifyChain(db: Executor): Promise<AuditVerification> {
  let state = { seq: 0, hash: GENESIS_HASH };
  let checked = 0;
  for (;;) {
    const rows = await repo.batchAfter(db, state.seq, BATCH);
    const result = checkRows(rows, state);
    if (result.broken) return { ok: false, checked: checked + (result.seq - state.seq), firstBroken: result.broken };
    checked += rows.length;
    state = { seq: result.seq, hash: result.hash };
    if (rows.length < BATCH) break;
  }
  // Rows removed from the end leave the head ahead of the last row.
  const head = await repo.getHead(db);
  if (Number(head.seq) !== state.seq || head.hash !== state.hash) {
    return { ok: false, checked, firstBroken: { seq: state.seq + 1, reason: `row ${state.seq + 1} is missing` } };
  }
  return { ok: true, checked, firstBroken: null };
}

export class AuditService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(_operator: OperatorContext, f: repo.AuditFilter & { limit?: number }) {
    const limit = f.limit ?? PAGE;
    const rows = await repo.list(this.db, f, limit);
    return { items: rows.map(toAuditEntry), nextBefore: rows.length === limit ? Number(rows.at(-1)!.seq) : null };
  }

  verify(_operator: OperatorContext): Promise<AuditVerification> {
    return verifyChain(this.db);
  }

  /** The rows matching the filters as CSV, newest first; the export itself is audited. */
  async exportCsv(operator: OperatorContext, f: repo.AuditFilter): Promise<string> {
    await recordOperatorAction(this.db, {
      operator,
      action: 'audit.export',
      targetKind: 'audit',
      targetId: null,
      accountId: null,
      reason: null,
      after: { filters: { operatorId: f.operatorId ?? null, accountId: f.accountId ?? null, action: f.action ?? null } },
    });
    let out = csvHeader();
    let before = f.before;
    let total = 0;
    while (total < EXPORT_MAX) {
      const rows = await repo.list(this.db, { ...f, before }, BATCH);
      for (const row of rows) out += csvLine(row);
      total += rows.length;
      if (rows.length < BATCH) break;
      before = Number(rows.at(-1)!.seq);
    }
    return out;
  }
}
