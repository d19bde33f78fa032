import { days, minutes, now } from '../../shared/time.js';
import * as accounts from '../account/account.quota.public.js';
import * as files from '../files/files.public.js';
import { abortUpload, type AbortDeps } from './upload.finish.js';
import * as repo from './upload.repository.js';

/** Unfinished uploads untouched this long are aborted and their pieces removed. */
export const STALE_UPLOAD_MS = days(1);
/**
 * An unfinished upload untouched this long gives its quota reservation back but stays resumable for the rest of the
 * day; the web client gives up after two minutes without progress, so no live upload is this idle.
 */
export const IDLE_RESERVATION_MS = minutes(15);
/** Finished or aborted upload rows are kept this long so HEAD can still answer, then purged. */
const FINISHED_UPLOAD_KEEP_MS = days(7);

/**
 * Gives back the reservations of uploads idle for `IDLE_RESERVATION_MS`, aborts unfinished uploads untouched for a
 * day and forgets old finished ones. Idempotent; every instance may run it.
 */
export async function abortStaleUploads(d: AbortDeps, at = now()): Promise<{ released: number; aborted: number; purged: number }> {
  const idleBefore = at - IDLE_RESERVATION_MS;
  let released = 0;
  for (const upload of await repo.listIdleReserved(d.db, idleBefore, 1000)) {
    const freed = await d.db.transaction().execute(async (trx) => {
      if (!(await repo.setReserved(trx, upload.id, 0, at, { idleBefore }))) return false;
      await accounts.releaseQuota(trx, upload.account_id, Number(upload.total_bytes));
      return true;
    });
    if (freed) released++;
  }
  const before = at - STALE_UPLOAD_MS;
  let aborted = 0;
  for (const upload of await repo.listStale(d.db, before, 1000)) {
    // The assembled blob is garbage only while no file row claims it.
    const finalBlob = !(await files.getOwner(d.db, upload.id));
    if (await abortUpload(d, upload, ['OPEN', 'COMPLETING'], { finalBlob, untouchedSince: before })) aborted++;
  }
  return { released, aborted, purged: await repo.purgeFinished(d.db, at - FINISHED_UPLOAD_KEEP_MS) };
}
