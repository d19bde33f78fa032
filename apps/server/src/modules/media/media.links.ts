import { NO_DERIVATIVE_URLS, type DerivativeLinks, type FileRow } from '../files/files.public.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { days, now } from '../../shared/time.js';

export type DerivativeKind = 'thumb' | 'preview';
/** The claim of a thumbnail token that asks for the small thumbnail: same route and purpose, a different picture. */
export const SMALL_CLAIM = 1;

/** A link stays valid at least a day; expiries are rounded up to whole days, so a URL is stable (browser-cacheable) for a day. */
const TTL_MS = days(1);
export const mediaExpiry = (at: number) => Math.ceil((at + TTL_MS) / TTL_MS) * TTL_MS;

/** Signs thumbnail and preview URLs: one HMAC each with the key already in memory, so a listing of 50 stays cheap. */
export class MediaLinks implements DerivativeLinks {
  constructor(
    private readonly signer: UrlSigner,
    private readonly clock: () => number = now,
  ) {}

  urls(row: FileRow) {
    if (!row.thumb_key && !row.preview_key) return NO_DERIVATIVE_URLS;
    // A trashed item's links say so and serve only while it stays in the trash: the trash shows what it holds,
    // while a link handed out for the live item stops working once it is trashed.
    const claims = { a: row.account_id, f: row.id, e: mediaExpiry(this.clock()), ...(row.status === 'TRASHED' ? { t: 1 } : {}) };
    return {
      thumbnailUrl: row.thumb_key ? `/api/media/thumb/${this.signer.signNow('thumb', claims)}` : null,
      smallThumbnailUrl: row.small_thumb_key ? `/api/media/thumb/${this.signer.signNow('thumb', { ...claims, s: SMALL_CLAIM })}` : null,
      previewUrl: row.preview_key ? `/api/media/preview/${this.signer.signNow('preview', claims)}` : null,
    };
  }
}
