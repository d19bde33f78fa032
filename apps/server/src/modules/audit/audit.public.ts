// What other modules use of the audit log: recording an operator's action inside the transaction that makes the change.
export { recordOperatorAction, type AuditEntryInput, type AuditTargetKind } from './audit.record.js';
