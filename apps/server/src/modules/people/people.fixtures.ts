import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { TestApp } from '../../test/harness.js';
import { FACE_MATCH_DISTANCE } from '../../infra/vision/vision-engine.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';
import { PREMIUM_AUTHORITY } from '../account/account.plan.public.js';
import { encodeDescriptor } from './people.cluster.js';
import type { NewFace } from './people.repository.js';
import { PeopleService } from './people.service.js';

/** The distance the app groups with. */
export const TEST_MATCH_DISTANCE = FACE_MATCH_DISTANCE;

/**
 * A unit descriptor near axis `who` of a 128-dimensional space: descriptors of one "who" lie within ~0.1 of each
 * other, those of two different ones ~1.4 apart, like embeddings of one face and of two faces.
 */
export function descriptor(who: number, jitter: number): number[] {
  const v = Array.from({ length: 128 }, (_, i) => (i === who ? 1 : 0.03 * Math.sin((i + 1) * (jitter + 1) * 1.7)));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

/** A people service over the test app's database, as app.ts builds it (without an engine: faces are handed in). */
export async function peopleService(t: TestApp, clock?: () => number): Promise<PeopleService> {
  const signer = new UrlSigner(t.database.db);
  await signer.load();
  return new PeopleService({
    db: t.database.db,
    blobs: t.app.blobs,
    jobs: t.app.jobs,
    signer,
    logger: t.app.log,
    vision: null,
    matchDistance: TEST_MATCH_DISTANCE,
    clock,
  });
}

export const makePremium = (t: TestApp, accountId: string) =>
  t.database.db.insertInto('authority').values({ account_id: accountId, type: PREMIUM_AUTHORITY }).execute();

/** The premium authority goes, as when the package ends (packages' plan change). */
export const losePremium = (t: TestApp, accountId: string) =>
  t.database.db.deleteFrom('authority').where('account_id', '=', accountId).where('type', '=', PREMIUM_AUTHORITY).execute();

/** One face of `who` on the photo, with a real WebP crop in the blob store, as the faces job stores it. */
export async function faceOn(t: TestApp, accountId: string, fileId: string, who: number, jitter: number, score = 0.9): Promise<NewFace> {
  const id = randomUUID();
  const key = `users/${accountId}/faces/${fileId}/${id}.webp`;
  const webp = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 200, g: 150, b: 120 } } }).webp().toBuffer();
  await t.app.blobs.put(key, Readable.from([webp]), { contentType: 'image/webp' });
  return {
    id,
    account_id: accountId,
    file_id: fileId,
    box_x: 0.25,
    box_y: 0.2,
    box_w: 0.1,
    box_h: 0.15,
    score,
    descriptor: encodeDescriptor(descriptor(who, jitter)),
    crop_key: key,
    created_at: Date.now(),
  };
}
