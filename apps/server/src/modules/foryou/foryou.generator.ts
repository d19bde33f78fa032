import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { DB } from '../../infra/db/schema.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { ForyouItemRow, ForyouKind } from './foryou.table.js';
import type { FileRow } from '../files/files.public.js';

export type Auth = Pick<AuthContext, 'accountId' | 'projectId' | 'status'>;

/** The account's CPU allowance for the day (docs/decisions.md "For you — foryou"): generators check and charge it. */
export interface Budget {
  /** CPU milliseconds left today (0 or less: stop). */
  left(): Promise<number>;
  /** Records CPU spent (process.cpuUsage delta around sharp work, plus ffmpeg's own CPU time). */
  charge(cpuMs: number): Promise<void>;
}

export interface GenerateContext {
  accountId: string;
  /** "Now" (the service clock). */
  at: number;
  budget: Budget;
}

/** What saving an item made. */
export interface Saved {
  fileId?: string;
  albumId?: string;
}

/**
 * One kind of For-you item. The service runs every generator for an account in the `foryou.generate` job (after new
 * photos settle, and daily), lists, opens, saves and dismisses items; a generator owns how its kind is made and saved.
 */
export interface ForyouGenerator {
  kind: ForyouKind;
  /** Makes the account's new items of this kind (idempotent through each item's key); returns how many it made. */
  generate(ctx: GenerateContext): Promise<number>;
  /** Keeps an item: a file in the user's files, an album, … Called once; the service marks the item SAVED. */
  /** `input.name`: what the web sends as the kept thing's name (in the user's language). */
  save?(auth: Auth, item: ForyouItemRow, photos: readonly FileRow[], input?: { name?: string }): Promise<Saved>;
}

export interface GeneratorDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
}
