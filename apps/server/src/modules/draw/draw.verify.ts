import { createHash, randomBytes } from 'node:crypto';

/**
 * The published draw algorithm (docs/decisions.md, "Prize draw: verifiable draw"):
 *   commitment = SHA-256(seed)                       seed: 64 lowercase hex characters, hashed as that ASCII text
 *   score(e)   = SHA-256(seed + ":" + e)             e: an entry hash from the published list (64 lowercase hex)
 *   winners    = the `winnerCount` entries with the smallest score (hex order), rank 1 the smallest
 * The order of the list does not matter, and nobody (the operator included) can steer it after the commitment without
 * the published seed failing to match it.
 */
export const DRAW_ALGORITHM = 'sha256-lowest-score-v1';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const newSeed = (): string => randomBytes(32).toString('hex');

export const commitmentOf = (seed: string): string => sha256(seed);

export function pickWinners(seed: string, entryHashes: readonly string[], winnerCount: number): string[] {
  return entryHashes
    .map((hash) => ({ hash, score: sha256(`${seed}:${hash}`) }))
    .sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0))
    .slice(0, Math.max(0, winnerCount))
    .map((e) => e.hash);
}

/** The entry hash a participant can find in the published list: SHA-256 of the receipt shown to them once. */
export const entryHashOf = (receipt: string): string => sha256(receipt);

/** Codes are stored as SHA-256 of their first six characters, upper-cased. */
export const codeHashOf = (body: string): string => sha256(`draw-code:${body.toUpperCase()}`);
