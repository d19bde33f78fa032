import { Transform, type Readable } from 'node:stream';
import { now } from '../../shared/time.js';
import * as accounts from '../account/account.quota.public.js';
import { QuotaExceeded, UploadIncomplete } from './upload.errors.js';
import type { UploadDeps } from './upload.finish.js';
import * as repo from './upload.repository.js';
import type { UploadRow } from './upload.table.js';

// A body of unknown size (a chunked PUT): its reservation grows ahead of the bytes, so no byte is stored unreserved.

const MIN_STEP = 1024 * 1024;
/** Steps double up to this: a 1 GiB body takes some twenty reservations, and never holds more than this beyond its size. */
const MAX_STEP = 64 * 1024 * 1024;

/**
 * The reservation of an upload opened with 0 bytes. Each step reserves in one transaction with the upload row's size
 * (`total_bytes` is always what the reservation holds), so whoever settles the upload settles exactly that.
 */
export class GrowingReservation {
  private reserved = 0;

  constructor(
    private readonly d: Pick<UploadDeps, 'db'>,
    private readonly upload: UploadRow,
  ) {}

  /** The upload row as it stands: its `total_bytes` is the current reservation (what an abort must release). */
  get row(): UploadRow {
    return { ...this.upload, total_bytes: this.reserved };
  }

  /**
   * The body, passing bytes on once they are reserved; fails with QuotaExceeded the moment the next chunk would not fit.
   * The request itself is not destroyed on that failure (that would cut the socket before the 507 is sent): it is
   * unhooked and drained until the answer, which closes the connection, is out.
   */
  metered(body: Readable): Readable {
    const meter = this.meter();
    const cut = (err: Error) => meter.destroy(err);
    body.once('error', cut);
    body.once('aborted', () => cut(new Error('aborted')));
    meter.once('error', () => {
      body.unpipe(meter);
      body.resume();
    });
    return body.pipe(meter);
  }

  private meter(): Transform {
    let received = 0;
    return new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        received += chunk.length;
        if (received <= this.reserved) return done(null, chunk);
        this.grow(received).then(
          () => done(null, chunk),
          (err: Error) => done(err),
        );
      },
    });
  }

  /** Shrinks the reservation to the bytes stored, before the upload is finished (which commits `total_bytes`). */
  async settle(size: number): Promise<void> {
    if (size !== this.reserved) await this.resize(size - this.reserved);
  }

  private async grow(needed: number): Promise<void> {
    const exact = needed - this.reserved;
    const step = Math.max(exact, Math.min(MAX_STEP, Math.max(MIN_STEP, this.reserved)));
    // A step larger than what is left may not fit while the bytes themselves still do: then only those are reserved.
    if (await this.resize(step)) return;
    if (step === exact || !(await this.resize(exact))) throw QuotaExceeded();
  }

  /** Reserves (or, negative, releases) `delta` bytes with the upload row; false when the quota has no room for them. */
  private async resize(delta: number): Promise<boolean> {
    const ok = await this.d.db.transaction().execute(async (trx) => {
      if (delta > 0 && !(await accounts.reserveQuota(trx, this.upload.account_id, delta))) return false;
      // Cancelled or swept meanwhile: its reservation was released with it; the body is cut off.
      if (!(await repo.resizeReservation(trx, this.upload.id, delta, now()))) throw UploadIncomplete();
      if (delta < 0) await accounts.releaseQuota(trx, this.upload.account_id, -delta);
      return true;
    });
    if (ok) this.reserved += delta;
    return ok;
  }
}
