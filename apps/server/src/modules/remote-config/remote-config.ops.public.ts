// What the operator console (ops-catalog) may do with remote configuration: read the registered keys with their values,
// change a value (validated against the key's registry entry), read a key's history and roll back to a version. Writes
// run in the caller's transaction, so the console's audit record commits with the change. remote-config owns the tables.
import type { Executor } from '../../infra/db/executor.js';
import { NotFound } from '../../shared/errors.js';
import { timeOrderedId } from '../../shared/ids.js';
import { checkValue, toKeySpec, type KeySpec } from './remote-config.registry.js';
import * as repo from './remote-config.repository.js';
import type { RemoteConfigVersion } from './remote-config.table.js';

export type { KeySpec };

export interface ConfigKeyView extends KeySpec {
  values: Array<{ language: string; value: string }>;
  /** When a value of the key last changed (null: never recorded). */
  updatedAt: number | null;
}

export interface ConfigVersionView {
  id: string;
  language: string;
  value: string;
  operatorId: string | null;
  operatorEmail: string | null;
  reason: string | null;
  rolledBackFrom: string | null;
  createdAt: number;
}

export interface ConfigChange {
  name: string;
  language: string;
  before: string | null;
  after: string;
  /** The version written (the current one when nothing changed). */
  versionId: string | null;
  changed: boolean;
}

export interface ConfigActor {
  operatorId: string;
  email: string;
}

/** Every registered key with its values per language. */
export async function listConfig(db: Executor): Promise<ConfigKeyView[]> {
  const [keys, values, changes] = await Promise.all([repo.listKeys(db), repo.listValues(db), repo.lastChanges(db)]);
  const at = new Map(changes.map((c) => [c.name, c.at === null ? null : Number(c.at)]));
  return keys.map((k) => ({
    ...toKeySpec(k),
    values: values.filter((v) => v.name === k.name).map((v) => ({ language: v.language, value: v.value })),
    updatedAt: at.get(k.name) ?? null,
  }));
}

async function specOf(db: Executor, name: string): Promise<KeySpec> {
  const key = await repo.getKey(db, name);
  if (!key) throw NotFound('Unknown remote configuration key.');
  return toKeySpec(key);
}

async function write(
  trx: Executor,
  who: ConfigActor | null,
  name: string,
  language: string,
  value: string,
  reason: string,
  at: number,
  rolledBackFrom: string | null,
): Promise<ConfigChange> {
  const current = await repo.getValue(trx, name, language);
  if (current?.value === value && !rolledBackFrom) return { name, language, before: value, after: value, versionId: null, changed: false };
  const { id } = timeOrderedId();
  await repo.setValue(trx, name, language, value);
  await repo.insertVersion(trx, {
    id,
    name,
    language,
    value,
    operator_id: who?.operatorId ?? null,
    operator_email: who?.email ?? null,
    reason,
    rolled_back_from: rolledBackFrom,
    created_at: at,
  });
  return { name, language, before: current?.value ?? null, after: value, versionId: id, changed: current?.value !== value };
}

/** Sets a key's value for one language ('*' = every language without its own); unknown key 404, bad value 400. */
export async function updateConfigValue(
  trx: Executor,
  who: ConfigActor | null,
  change: { name: string; language: string; value: string | number | boolean; reason: string },
  at: number,
): Promise<ConfigChange> {
  const spec = await specOf(trx, change.name);
  const value = checkValue(spec, change.value);
  return write(trx, who, change.name, change.language, value, change.reason, at, null);
}

/** A key's versions, newest first. */
export async function configHistory(db: Executor, name: string, limit = 200): Promise<ConfigVersionView[]> {
  await specOf(db, name);
  return (await repo.listVersions(db, name, limit)).map(toVersionView);
}

/** Makes an earlier version's value current again, as a new version (history only grows). */
export async function rollbackConfig(
  trx: Executor,
  who: ConfigActor | null,
  rollback: { name: string; versionId: string; reason: string },
  at: number,
): Promise<ConfigChange> {
  const spec = await specOf(trx, rollback.name);
  const version = await repo.getVersion(trx, rollback.versionId);
  if (!version || version.name !== rollback.name) throw NotFound('Version not found.');
  // The registry may have narrowed since: an old value that no longer fits is refused like a new one.
  const value = checkValue(spec, version.value);
  return write(trx, who, rollback.name, version.language, value, rollback.reason, at, version.id);
}

const toVersionView = (v: RemoteConfigVersion): ConfigVersionView => ({
  id: v.id,
  language: v.language,
  value: v.value,
  operatorId: v.operator_id,
  operatorEmail: v.operator_email,
  reason: v.reason,
  rolledBackFrom: v.rolled_back_from,
  createdAt: Number(v.created_at),
});
