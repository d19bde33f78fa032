import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/blob-store.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import { days } from '../../shared/time.js';
import * as repo from './account.repository.js';
import type { Account } from './account.table.js';
import { readLimited, renderPhoto, type HeifDecoder } from './profile-photo.js';

const MIN_BIRTHDAY = '1900-01-01';
/** Control characters other than line breaks (an address may have several lines). */
const hasControl = (s: string) => [...s].some((c) => c !== '\n' && c !== '\r' && (c < ' ' || c === '\u007f'));
/** A photo URL stays the same for a day, so the browser caches the avatar across pages. */
const URL_TTL = days(1);
const photoExpiry = (at: number) => Math.ceil((at + URL_TTL) / URL_TTL) * URL_TTL;
export const photoKey = (accountId: string, id: string) => `users/${accountId}/avatar/${id}.webp`;

interface Deps {
  db: Kysely<DB>;
  blobs: BlobStore;
  signer: UrlSigner;
  heif: HeifDecoder;
}

/** Address, birthday and the profile photo. */
export class ProfileService {
  constructor(private readonly d: Deps) {}

  /** An empty address clears it. */
  async setAddress(auth: AuthContext, address: string): Promise<string> {
    const value = address.trim();
    if (hasControl(value)) throw ValidationError('address must not contain control characters.', 'address');
    await repo.update(this.d.db, auth.accountId, { address: value || null, updated_at: Date.now() });
    return value;
  }

  async setBirthday(auth: AuthContext, birthday: string): Promise<string> {
    if (!isCalendarDate(birthday)) throw ValidationError('birthday must be a date as YYYY-MM-DD.', 'birthday');
    if (birthday < MIN_BIRTHDAY) throw ValidationError('birthday must be on or after 1900-01-01.', 'birthday');
    // "Today" where it is latest (UTC+14), so nobody anywhere is refused the date of their own today.
    const latestToday = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
    if (birthday > latestToday) throw ValidationError('birthday must not be in the future.', 'birthday');
    await repo.update(this.d.db, auth.accountId, { birthday, updated_at: Date.now() });
    return birthday;
  }

  /** Re-encodes the image to a 512 px WebP, stores it under a new key and drops the previous one. */
  async setPhoto(auth: AuthContext, _declaredType: string | undefined, body: Readable): Promise<string> {
    const webp = await renderPhoto(await readLimited(body), this.d.heif);
    const key = photoKey(auth.accountId, newId());
    await this.d.blobs.put(key, Readable.from([webp]), { contentType: 'image/webp' });
    const before = await repo.getById(this.d.db, auth.accountId);
    if (!before) {
      await this.d.blobs.delete(key);
      throw NotFound('Account not found.');
    }
    await repo.update(this.d.db, auth.accountId, { photo_key: key, updated_at: Date.now() });
    if (before.photo_key) await this.d.blobs.delete(before.photo_key);
    return this.photoUrl({ ...before, photo_key: key })!;
  }

  async removePhoto(auth: AuthContext): Promise<void> {
    const before = await repo.getById(this.d.db, auth.accountId);
    if (!before?.photo_key) return;
    await repo.update(this.d.db, auth.accountId, { photo_key: null, updated_at: Date.now() });
    await this.d.blobs.delete(before.photo_key);
  }

  /** Account deletion: the photo blob (the row goes with the account). */
  async purgePhoto(accountId: string): Promise<void> {
    const account = await repo.getById(this.d.db, accountId);
    if (account?.photo_key) await this.d.blobs.delete(account.photo_key);
  }

  /** The signed URL of the account's photo (an <img> cannot send X-Auth-Token); null without one. */
  photoUrl(account: Pick<Account, 'id' | 'photo_key'>): string | null {
    if (!account.photo_key) return null;
    const claims = { a: account.id, k: account.photo_key, e: photoExpiry(Date.now()) };
    return `/api/account/profilePhoto/${this.d.signer.signNow('avatar', claims)}`;
  }

  /** The photo behind a signed URL, while it is still the account's photo. */
  async openPhoto(token: string): Promise<Readable> {
    const claims = await this.d.signer.verify('avatar', token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.k !== 'string') throw NotFound();
    const account = await repo.getById(this.d.db, claims.a);
    if (!account || account.photo_key !== claims.k || account.status === 'DELETED') throw NotFound();
    try {
      return (await this.d.blobs.get(claims.k)).stream;
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw NotFound();
      throw err;
    }
  }
}

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
