import type { Executor } from '../../infra/db/executor.js';

export const get = (db: Executor, key: string) =>
  db.selectFrom('login_lockout').selectAll().where('key', '=', key).executeTakeFirst();

/** One more failure in a row; a streak whose last lockout ended `forgetAfter` ago starts again from level 0. */
export async function addFailure(db: Executor, key: string, at: number, forgetAfter: number) {
  return db
    .insertInto('login_lockout')
    .values({ key, failures: 1, level: 0, locked_until: 0, updated_at: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const stale = eb('login_lockout.updated_at', '<', at - forgetAfter);
        return {
          failures: eb.case().when(stale).then(1).else(eb('login_lockout.failures', '+', 1)).end(),
          level: eb.case().when(stale).then(0).else(eb.ref('login_lockout.level')).end(),
          updated_at: at,
        };
      }),
    )
    .returning(['failures', 'level'])
    .executeTakeFirstOrThrow();
}

/** Locks once: only the request that finds `failures` still at the threshold gets the row back. */
export const lock = (db: Executor, key: string, threshold: number, level: number, until: number) =>
  db
    .updateTable('login_lockout')
    .set({ failures: 0, level, locked_until: until })
    .where('key', '=', key)
    .where('failures', '>=', threshold)
    .returning('level')
    .executeTakeFirst();

export async function clear(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('login_lockout').where('key', '=', key).execute();
}

/** Rows untouched for `age`: no lockout running and their streak is forgotten anyway. */
export async function purgeOlderThan(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('login_lockout').where('updated_at', '<', before).where('locked_until', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
