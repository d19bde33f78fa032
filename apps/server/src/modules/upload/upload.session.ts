import type { Static } from 'typebox';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import { validateName } from '../../shared/names.js';
import { canonicalTimeZone } from '../../shared/days.js';
import { now } from '../../shared/time.js';
import * as accounts from '../account/account.quota.public.js';
import * as family from '../family/family.public.js';
import * as files from '../files/files.public.js';
import { isMedia } from '../media/media.public.js';
import { ROOT } from '../files/files.public.js';
import { contentTypeFor } from './upload.content-type.js';
import { AlreadyComplete, InvalidRange, QuotaExceeded, UploadCompleting, UploadNotFound, UploadOffsetMismatch } from './upload.errors.js';
import { KEEP_BOTH, REPLACE, type UploadDeps } from './upload.finish.js';
import * as repo from './upload.repository.js';
import type { UploadHeaders } from './upload.schemas.js';
import { takenHint } from './upload.taken.js';
import type { UploadRow, UploadTable } from './upload.table.js';

// Opening an upload: its metadata checked from the headers, its row and quota reservation, its byte ranges.

const NAME_FIELD = 'X-Object-Meta-File-Name';
const ZONE_FIELD = 'X-Object-Meta-Time-Zone';
const FAMILY_FIELD = 'X-Object-Meta-Family-Library';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
  total: number;
}

export interface UploadMeta {
  name: string;
  parentId: string;
  contentType: string;
  strategy: typeof REPLACE | typeof KEEP_BOTH;
  favourite: 0 | 1;
  deviceType: string;
  taken: ReturnType<typeof takenHint>;
  timeZone: string | null;
  /** Lands in the family library (issue 35). */
  family: 0 | 1;
}

/**
 * Metadata for a new upload, checked before any byte is read. `caller` is who sent it when `auth` acts for a shared
 * folder's owner.
 */
export async function uploadMeta(
  d: Pick<UploadDeps, 'db'>,
  auth: AuthContext,
  h: Static<typeof UploadHeaders>,
  caller: Pick<AuthContext, 'accountId'> = auth,
): Promise<UploadMeta> {
  const rawName = h['x-object-meta-file-name'];
  if (rawName === undefined || rawName === '') throw ValidationError('The file name is required.', NAME_FIELD);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawName);
  } catch {
    throw ValidationError('The file name is not valid URL encoding.', NAME_FIELD);
  }
  const name = validateName(decoded, NAME_FIELD);
  const rawZone = h['x-object-meta-time-zone'];
  const timeZone = rawZone === undefined || rawZone === '' ? null : canonicalTimeZone(rawZone);
  // Unlike the capture-date hint, a zone is never guessed at: a wrong one would file every dateless photo wrongly.
  if (rawZone && timeZone === null) throw ValidationError('The time zone is not a known IANA time zone or UTC offset.', ZONE_FIELD);
  const parentId = h['x-object-meta-parent-uuid'] || ROOT;
  if (parentId !== ROOT && !(await files.getActiveFolder(d.db, auth.accountId, parentId))) throw NotFound('Folder not found.');
  const contentType = contentTypeFor(name, h['content-type']);
  const family = h['x-object-meta-family-library'] === 'true' ? await familyUpload(d, auth, caller, contentType) : 0;
  return {
    name,
    parentId,
    contentType,
    strategy: h['x-meta-strategy'] === '1' ? REPLACE : KEEP_BOTH,
    favourite: h['x-object-meta-favourite'] === 'true' ? 1 : 0,
    deviceType: (h['x-object-meta-device-type'] ?? 'WEB').toUpperCase(),
    taken: takenHint(h['x-object-meta-taken-at'], now(), timeZone),
    timeZone,
    family,
  };
}

/**
 * "Add to Family library" at upload time (issue 35): the caller must be in a family now, and upload into their own
 * files (an editor's upload into someone else's shared folder is the owner's file, not theirs to add). Whether they
 * are still in it when the upload finishes is decided again under the pool lock then.
 */
async function familyUpload(d: Pick<UploadDeps, 'db'>, auth: AuthContext, caller: Pick<AuthContext, 'accountId'>, contentType: string): Promise<1> {
  if (!(await family.familyMemberOf(d.db, caller.accountId))) throw family.notInFamily();
  if (auth.accountId !== caller.accountId) throw ValidationError('Only your own uploads can go into the family library.', FAMILY_FIELD);
  if (!isMedia(contentType)) throw family.notMedia(FAMILY_FIELD);
  return 1;
}

/** A uuid a file already has is done (the caller's own file) or not found (someone else's). */
export async function assertUuidFree(db: Executor, auth: AuthContext, id: string): Promise<void> {
  const owner = await files.getOwner(db, id);
  if (owner) throw owner.account_id === auth.accountId ? AlreadyComplete() : UploadNotFound();
}

/**
 * Opens the upload row and reserves its bytes, atomically: 413 leaves nothing behind. With `takeOver` (a whole-file
 * PUT, a file the account holds), an OPEN upload of the same size is continued instead of refused: a crash mid-body,
 * or between opening and finishing, leaves one behind, and the client's retry of the whole file must work.
 */
export async function beginUpload(
  d: Pick<UploadDeps, 'db'>,
  auth: AuthContext,
  id: string,
  meta: UploadMeta,
  total: number,
  opts: { takeOver?: boolean } = {},
): Promise<UploadRow & { takenOver?: true }> {
  const at = now();
  const row: UploadTable = {
    id,
    account_id: auth.accountId,
    parent_id: meta.parentId,
    name: meta.name,
    content_type: meta.contentType,
    strategy: meta.strategy,
    favourite: meta.favourite,
    device_type: meta.deviceType,
    total_bytes: total,
    received_bytes: 0,
    part_count: 0,
    piece_state: null,
    status: 'OPEN',
    taken_at: meta.taken?.at ?? null,
    taken_day: meta.taken?.day ?? null,
    time_zone: meta.timeZone,
    reserved: 1,
    family: meta.family,
    parts: null,
    created_at: at,
    updated_at: at,
  };
  let taken: (UploadRow & { takenOver: true }) | undefined;
  try {
    await d.db.transaction().execute(async (trx) => {
      const owner = await files.getOwner(trx, id);
      if (owner) throw owner.account_id === auth.accountId ? AlreadyComplete() : UploadNotFound();
      const existing = await repo.getUpload(trx, id);
      if (existing) {
        if (existing.account_id !== auth.accountId) throw UploadNotFound();
        if (existing.status === 'COMPLETING') throw UploadCompleting();
        if (existing.status === 'OPEN' && opts.takeOver && Number(existing.total_bytes) === total) {
          // Its reservation is held (or taken again after idling); the row is touched so housekeeping leaves it be.
          if (!(await repo.transition(trx, id, ['OPEN'], 'OPEN', at))) throw new UploadOffsetMismatch(Number(existing.received_bytes));
          if (existing.reserved === 0) await reserve(trx, existing, at);
          taken = { ...existing, reserved: 1, updated_at: at, takenOver: true };
          return;
        }
        if (existing.status === 'OPEN') throw new UploadOffsetMismatch(Number(existing.received_bytes));
        // Aborted, or finished with its file deleted since: the uuid starts over.
        await repo.deleteUpload(trx, id, existing.status);
      }
      if (!(await accounts.reserveQuota(trx, auth.accountId, total))) throw QuotaExceeded();
      await repo.insertUpload(trx, row);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A concurrent request opened this upload first.
    const current = await repo.getUpload(d.db, id);
    throw current && current.account_id === auth.accountId ? new UploadOffsetMismatch(Number(current.received_bytes)) : UploadNotFound();
  }
  return taken ?? row;
}

/** An idle upload resumes: its bytes are reserved again before any more are stored (413 when they no longer fit). */
export async function reserveAgain(d: Pick<UploadDeps, 'db'>, upload: UploadRow): Promise<void> {
  await d.db.transaction().execute((trx) => reserve(trx, upload, now()));
}

/** `bytes a-b/total`, consistent with Content-Length. */
export function parseContentRange(header: string, length: number): ByteRange {
  const m = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/.exec(header.trim());
  if (!m) throw InvalidRange('Content-Range must be "bytes first-last/total".');
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!(start <= end && end < total) || !Number.isSafeInteger(total)) throw InvalidRange('Content-Range is out of order.');
  if (end - start + 1 !== length) throw InvalidRange('Content-Range does not match Content-Length.');
  return { start, end, total };
}

/** Takes an idle upload's reservation again, in the caller's transaction; a no-op when another request already did. */
async function reserve(trx: Executor, upload: UploadRow, at: number): Promise<void> {
  if (!(await repo.setReserved(trx, upload.id, 1, at))) return;
  if (!(await accounts.reserveQuota(trx, upload.account_id, Number(upload.total_bytes)))) throw QuotaExceeded();
}
