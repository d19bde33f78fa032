import type { Executor } from '../../infra/db/executor.js';
import type { UploadRow, UploadStatus, UploadTable } from './upload.table.js';

export const getUpload = (db: Executor, id: string): Promise<UploadRow | undefined> =>
  db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertUpload(db: Executor, row: UploadTable): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

/** Clears a dead (aborted or finished-and-gone) upload row so its uuid can start over. */
export async function deleteUpload(db: Executor, id: string, status: UploadStatus): Promise<void> {
  await db.deleteFrom('upload').where('id', '=', id).where('status', '=', status).execute();
}

/**
 * Records a stored piece: only if nothing else moved the offset meanwhile, so of two racing pieces exactly one counts.
 * The final piece moves the upload to COMPLETING in the same statement, so exactly one request assembles it.
 */
export async function recordPiece(
  db: Executor,
  id: string,
  from: number,
  to: number,
  status: 'OPEN' | 'COMPLETING',
  at: number,
  pieceState: string | null,
  parts?: string | null,
): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set((eb) => ({
      received_bytes: to,
      part_count: eb('part_count', '+', 1),
      status,
      updated_at: at,
      piece_state: pieceState,
      ...(parts !== undefined ? { parts } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('received_bytes', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves an upload between states; false when it was not in `from` (someone else finished or cancelled it). */
export async function transition(
  db: Executor,
  id: string,
  from: readonly UploadStatus[],
  to: UploadStatus,
  at: number,
  opts: { untouchedSince?: number } = {},
): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', from)
    .$if(opts.untouchedSince !== undefined, (qb) => qb.where('updated_at', '<', opts.untouchedSince!))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Whether the upload's bytes are held in its account's reservation; read in the transaction that settles it. */
export async function isReserved(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('upload').select('reserved').where('id', '=', id).executeTakeFirst();
  return row?.reserved === 1;
}

/**
 * Flips an OPEN upload's reservation flag; false when it was not OPEN with the other value (or, with `idleBefore`,
 * was touched since). Taking the reservation again also touches the row.
 */
export async function setReserved(db: Executor, id: string, reserved: 0 | 1, at: number, opts: { idleBefore?: number } = {}): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set(reserved === 1 ? { reserved, updated_at: at } : { reserved })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('reserved', '=', reserved === 1 ? 0 : 1)
    .$if(opts.idleBefore !== undefined, (qb) => qb.where('updated_at', '<', opts.idleBefore!))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Moves an OPEN, reserved upload's size (and so what its reservation holds) by `delta` bytes, for a body of unknown size
 * (a chunked PUT) whose reservation grows as bytes arrive; false when it is no longer OPEN (cancelled, swept).
 */
export async function resizeReservation(db: Executor, id: string, delta: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set((eb) => ({ total_bytes: eb('total_bytes', '+', delta), updated_at: at }))
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('reserved', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** OPEN uploads still holding a reservation, untouched since `before`. */
export const listIdleReserved = (db: Executor, before: number, limit: number) =>
  db
    .selectFrom('upload')
    .selectAll()
    .where('status', '=', 'OPEN')
    .where('reserved', '=', 1)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();

export const listStale = (db: Executor, before: number, limit: number) =>
  db
    .selectFrom('upload')
    .selectAll()
    .where('status', 'in', ['OPEN', 'COMPLETING'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();

export async function purgeFinished(db: Executor, before: number): Promise<number> {
  const res = await db
    .deleteFrom('upload')
    .where('status', 'in', ['DONE', 'ABORTED'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export const listOfAccount = (db: Executor, accountId: string) =>
  db.selectFrom('upload').selectAll().where('account_id', '=', accountId).execute();

export async function deleteOfAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('upload').where('account_id', '=', accountId).execute();
}
