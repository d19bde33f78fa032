import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Executor } from '../db/executor.js';

const SECRET_NAME = 'download-url';

/** `thumb` and `preview` name a file's media derivatives (see the media module); `face` a person's face crop. */
export type TokenPurpose = 'file' | 'zip' | 'thumb' | 'preview' | 'avatar' | 'invoice' | 'face' | 'foryou' | 'export';

/**
 * Signed, expiring URL tokens: base64url(JSON claims) "." base64url(HMAC-SHA256). The key lives in the database, created
 * once by whichever instance needs it first, so every instance accepts every other's links. The purpose is part of the
 * MAC input, so a zip token is never a valid file token and the other way round.
 */
export class UrlSigner {
  private key: Promise<Buffer> | null = null;
  /** The key once loaded, for signing without a promise per URL (listings sign two URLs an item). */
  private loaded: Buffer | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  /** Reads (or creates) the key now, so `signNow` can be used from then on. */
  async load(): Promise<void> {
    this.loaded = await this.secret();
  }

  /** Like `sign`, synchronously: HMAC only. Needs `load()` first. */
  signNow(purpose: TokenPurpose, claims: { e: number } & Record<string, unknown>): string {
    if (!this.loaded) throw new Error('UrlSigner.signNow before load()');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${mac(this.loaded, purpose, body).toString('base64url')}`;
  }

  async sign(purpose: TokenPurpose, claims: { e: number } & Record<string, unknown>): Promise<string> {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${mac(await this.secret(), purpose, body).toString('base64url')}`;
  }

  /** The claims of a genuine, unexpired token; null for anything else. */
  async verify(purpose: TokenPurpose, token: string, at = Date.now()): Promise<Record<string, unknown> | null> {
    const parts = token.split('.');
    if (parts.length !== 2) return null;
    const [body, sig] = parts as [string, string];
    const given = Buffer.from(sig, 'base64url');
    // Node's base64url decoder skips junk characters; only the canonical spelling of the signature counts.
    if (given.toString('base64url') !== sig) return null;
    const expected = mac(await this.secret(), purpose, body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (typeof claims !== 'object' || claims === null) return null;
    const { e } = claims as { e?: unknown };
    return typeof e === 'number' && e > at ? (claims as Record<string, unknown>) : null;
  }

  private secret(): Promise<Buffer> {
    this.key ??= getOrCreateSecret(this.db, SECRET_NAME, randomBytes(32).toString('base64')).then(
      (value) => Buffer.from(value, 'base64'),
      (err) => {
        this.key = null;
        throw err;
      },
    );
    return this.key;
  }
}

const mac = (key: Buffer, purpose: TokenPurpose, body: string) => createHmac('sha256', key).update(`${purpose}.${body}`).digest();

/** Inserts the candidate unless another instance got there first, then returns whichever value won. */
export async function getOrCreateSecret(db: Executor, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('server_secret')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The key every instance shares; created by whichever instance needs it first. */
export interface ServerSecretTable {
  name: string;
  value: string;
}

declare module '../db/schema.js' {
  interface DB {
    server_secret: ServerSecretTable;
  }
}
