import { Type, type Static } from 'typebox';
import type { OperatorAudit } from './audit.table.js';

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export const AuditEntrySchema = Type.Object(
  {
    seq: Type.Integer(),
    id: Type.String(),
    at: Type.Integer({ description: 'Epoch milliseconds.' }),
    operatorId: Type.Union([Type.String(), Type.Null()]),
    operatorEmail: Type.Union([Type.String(), Type.Null()]),
    action: Type.String(),
    targetKind: Type.String(),
    targetId: Type.Union([Type.String(), Type.Null()]),
    accountId: Type.Union([Type.String(), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
    // Counts, sizes, ids and statuses the action changed (recordOperatorAction's contract); any JSON value.
    before: Type.Unknown(),
    after: Type.Unknown(),
  },
  { $id: 'AuditEntry' },
);
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const toAuditEntry = (row: OperatorAudit): AuditEntry => ({
  seq: Number(row.seq),
  id: row.id,
  at: Number(row.at),
  operatorId: row.operator_id,
  operatorEmail: row.operator_email,
  action: row.action,
  targetKind: row.target_kind,
  targetId: row.target_id,
  accountId: row.account_id,
  ip: row.ip,
  reason: row.reason,
  before: parseJson(row.before_json),
  after: parseJson(row.after_json),
});

export const AuditListQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  operatorId: Type.Optional(Type.String({ format: 'uuid' })),
  accountId: Type.Optional(Type.String({ format: 'uuid' })),
  action: Type.Optional(Type.String({ pattern: '^[a-z0-9_.]{1,64}$' })),
});

export const AuditPageSchema = Type.Object(
  { items: Type.Array(AuditEntrySchema), nextBefore: Type.Union([Type.Integer(), Type.Null()]) },
  { $id: 'AuditPage' },
);

export const AuditVerificationSchema = Type.Object(
  {
    ok: Type.Boolean(),
    checked: Type.Integer(),
    firstBroken: Type.Union([Type.Object({ seq: Type.Integer(), reason: Type.String() }), Type.Null()]),
  },
  { $id: 'AuditVerification' },
);
export type AuditVerification = Static<typeof AuditVerificationSchema>;

const CSV_COLUMNS = ['seq', 'id', 'at', 'operator_id', 'operator_email', 'action', 'target_kind', 'target_id', 'account_id', 'ip', 'reason', 'before_json', 'after_json', 'prev_hash', 'hash'] as const;

/** RFC 4180 field; a leading =, +, - or @ is prefixed with ' so a spreadsheet does not run it as a formula. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;
export const csvLine = (row: OperatorAudit): string =>
  `${CSV_COLUMNS.map((c) => csvField(c === 'at' ? new Date(Number(row.at)).toISOString() : row[c])).join(',')}\r\n`;
