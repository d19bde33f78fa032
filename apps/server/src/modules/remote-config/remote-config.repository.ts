import type { Executor } from '../../infra/db/executor.js';
import type { RemoteConfigVersionTable } from './remote-config.table.js';

export const listKeys = (db: Executor) => db.selectFrom('remote_config_key').selectAll().orderBy('name').execute();

export const getKey = (db: Executor, name: string) => db.selectFrom('remote_config_key').selectAll().where('name', '=', name).executeTakeFirst();

export const listValues = (db: Executor) => db.selectFrom('remote_config').selectAll().orderBy('name').orderBy('language').execute();

export const getValue = (db: Executor, name: string, language: string) =>
  db.selectFrom('remote_config').selectAll().where('name', '=', name).where('language', '=', language).executeTakeFirst();

export async function setValue(db: Executor, name: string, language: string, value: string): Promise<void> {
  await db
    .insertInto('remote_config')
    .values({ name, language, value })
    .onConflict((oc) => oc.columns(['name', 'language']).doUpdateSet({ value }))
    .execute();
}

export const insertVersion = (db: Executor, row: RemoteConfigVersionTable) => db.insertInto('remote_config_version').values(row).execute();

export const getVersion = (db: Executor, id: string) => db.selectFrom('remote_config_version').selectAll().where('id', '=', id).executeTakeFirst();

/** A key's versions, newest first. */
export const listVersions = (db: Executor, name: string, limit: number) =>
  db.selectFrom('remote_config_version').selectAll().where('name', '=', name).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();

/** When each key last changed. */
export const lastChanges = (db: Executor) =>
  db.selectFrom('remote_config_version').select(['name', (eb) => eb.fn.max('created_at').as('at')]).groupBy('name').execute();
