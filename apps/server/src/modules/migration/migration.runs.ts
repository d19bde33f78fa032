// What the Dropbox and Takeout imports share: stable ids for their items and the handling of one attempt of a run.

import { createHash } from 'node:crypto';

/**
 * A UUID (v5-shaped) derived from its parts: the same item of the same import always gets the same id, so an item
 * cut off by a crash is the same upload (or folder) again.
 */
export function stableId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Thrown inside an import run that was cancelled or replaced: the attempt stops without failing the job. */
export class Stale extends Error {}

/**
 * One attempt of an import run: a stale run stops quietly; when the queue gives up after this attempt, the run ends as
 * FAILED (and says so) instead of showing RUNNING for ever.
 */
export async function attempt(run: { execute(): Promise<void>; finish(status: 'FAILED'): Promise<void> }, lastAttempt: boolean): Promise<void> {
  try {
    await run.execute();
  } catch (err) {
    if (err instanceof Stale) return;
    if (lastAttempt) await run.finish('FAILED').catch(() => {});
    throw err;
  }
}
